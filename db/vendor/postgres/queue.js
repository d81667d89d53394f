export default Queue

// PATCH (campaign-hq, docs/decisions/0054-pool-queue-bounded.md): upstream 3.4.9 cleared the
// array only when shift() emptied it. Under steady load the pool's busy and open queues are never
// emptied by shift() (connections leave them through remove()), so every shift() left a hole at
// the front, the array grew by one per query, and remove() scanned all of it from position 0:
// 41,800 → 17,800 queries/s over 6 s of 100 concurrent loops on 10 connections.
// Now remove() searches only the live part, and the holes are dropped once they are half the array.
const COMPACT_AFTER = 64

function Queue(initial = []) {
  let xs = initial.slice()
  let index = 0

  function compact() {
    if (index === xs.length) {
      index = 0
      xs = []
    } else if (index >= COMPACT_AFTER && index * 2 >= xs.length) {
      xs = xs.slice(index)
      index = 0
    }
  }

  return {
    get length() {
      return xs.length - index
    },
    // The array's slots, live and spent (for tests: it stays near length).
    get retained() {
      return xs.length
    },
    remove: (x) => {
      const at = xs.indexOf(x, index)
      if (at === -1)
        return null
      xs.splice(at, 1)
      compact()
      return x
    },
    push: (x) => (xs.push(x), x),
    peek: () => xs[index], // PATCH (campaign-hq, docs/decisions/0012-runtime-survives-database-and-safe-defaults.md): see onclose() in index.js
    shift: () => {
      const out = xs[index++]
      xs[index - 1] = undefined
      compact()
      return out
    }
  }
}
