import { useQuery } from '@tanstack/react-query';

export interface Choice {
  id: string;
  name: string;
}

/** A reference option list (states, report reasons...) as choices, from shOptions.values, loaded once. */
export function useReferenceChoices(list: string): Choice[] {
  const { data } = useQuery({
    queryKey: ['shOptions.values'],
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    queryFn: async () => {
      const response = await fetch('/api/doors/trpc/shOptions.values', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (!response.ok) throw new Error(`Reference lists failed (${response.status})`);
      const body = (await response.json()) as {
        result: { data: { json: Record<string, { value: string; label: string }[]> } };
      };
      return body.result.data.json;
    },
  });
  return (data?.[list] ?? []).map((o) => ({ id: o.value, name: o.label }));
}
