import { createContext } from 'react';

/** Server-side: the names of the islands one page rendered, so only their code is linked. */
export const IslandCollector = createContext<Set<string> | null>(null);
