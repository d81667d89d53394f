/** `npm run check:imports`: prints every file cycle and folder cycle; exits 1 when there is one. */
import { findCycles, foldersOf, readImportGraph } from './import-graph';

const graph = await readImportGraph(process.cwd());
const fileCycles = findCycles(graph);
const folderCycles = findCycles(foldersOf(graph));
for (const cycle of fileCycles) console.log(`file cycle: ${cycle.join(' ↔ ')}`);
for (const cycle of folderCycles) console.log(`folder cycle: ${cycle.join(' ↔ ')}`);
console.log(`${graph.size} files; ${fileCycles.length} file cycles; ${folderCycles.length} folder cycles`);
process.exitCode = fileCycles.length + folderCycles.length > 0 ? 1 : 0;
