import { Box, Button, Pagination as PageNumbers, Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import type { ListMeta } from '../providers/data-provider';
import { MAX_JUMP_ROWS } from '../providers/keyset-cursors';

const number = (n: number) => n.toLocaleString('en-US');

/**
 * Pages of a list that may hold a million rows (docs/decisions/0036-console-lists-at-scale.md):
 * Previous and Next go page by page at any depth (keyset cursors), page numbers jump only as
 * deep as MAX_JUMP_ROWS, and beyond that the screen asks for a filter. A total above the exact
 * count's limit is the database's estimate, and says "about".
 */
export function ConsolePagination() {
  const { page, perPage, total, setPage, isPending, data, meta } = useListContext();
  if (isPending || total === undefined) return null;
  const estimated = (meta as ListMeta | undefined)?.totalEstimated === true;
  const rows = data?.length ?? 0;
  const first = (page - 1) * perPage + 1;
  const pages = Math.max(1, Math.ceil(total / perPage));
  // A page may be jumped to when it starts no deeper than MAX_JUMP_ROWS.
  const jumpPages = Math.min(pages, Math.floor(MAX_JUMP_ROWS / perPage) + 1);
  const hasNext = rows === perPage && (estimated || page < pages);
  const shown = rows === 0 ? 'No rows' : `Rows ${number(first)}–${number(first + rows - 1)}`;
  return (
    <Box
      component="nav"
      aria-label="Pages"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        p: 1,
        justifyContent: 'flex-end',
      }}
    >
      <Typography variant="body2" role="status">
        {shown} of {estimated ? `about ${number(total)}` : number(total)}
      </Typography>
      <Button size="small" onClick={() => setPage(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      {page <= jumpPages ? (
        <PageNumbers
          count={jumpPages}
          page={page}
          onChange={(_, p) => setPage(p)}
          size="small"
          siblingCount={1}
          hidePrevButton
          hideNextButton
        />
      ) : (
        <Typography variant="body2">Page {number(page)}</Typography>
      )}
      <Button size="small" onClick={() => setPage(page + 1)} disabled={!hasNext}>
        Next
      </Button>
      {pages > jumpPages && (
        <Typography variant="body2" sx={{ flexBasis: '100%', textAlign: 'right' }}>
          Beyond row {number(MAX_JUMP_ROWS)}, go page by page with Next, or narrow the list with a filter.
        </Typography>
      )}
    </Box>
  );
}
