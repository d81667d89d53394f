import { getReferenceLists } from '../../../modules/reference-options/service';
import { router } from '../init';
import { publicProcedure } from '../procedures';

export const shOptionsRouter = router({
  values: publicProcedure.query(({ ctx }) => getReferenceLists(ctx.db)),
});
