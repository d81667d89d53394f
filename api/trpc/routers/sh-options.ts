import { getReferenceLists } from '../../modules/reference-options/service';
import { publicProcedure, router } from '../init';

export const shOptionsRouter = router({
  values: publicProcedure.query(({ ctx }) => getReferenceLists(ctx.db)),
});
