import { DataTable } from '../../components/DataTable';
import { STATE_TILES } from './state-tiles';

const eventsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'event' : 'events'}`;

/**
 * /events' map of events by state (issue 51): a tile grid of links (each state's name and count in
 * its accessible name, a state with events shaded), with the same figures as a table beside it.
 * Keyboard and screen readers use the links or the table; nothing needs JavaScript.
 */
export function StateMap({ counts, names }: { counts: Map<string, number>; names: Map<string, string> }) {
  const rows = [...counts.entries()]
    .map(([state, events]) => ({ state, name: names.get(state) ?? state, events }))
    .sort((a, b) => b.events - a.events || a.name.localeCompare(b.name));
  return (
    <section aria-labelledby="events-by-state-heading" className="event-states">
      <h2 id="events-by-state-heading">Events by state</h2>
      <div className="event-states__body">
        <ul className="event-states__map" aria-label="Map of events by state">
          {STATE_TILES.map(([state, row, column]) => {
            const n = counts.get(state) ?? 0;
            return (
              <li
                key={state}
                className={n > 0 ? 'event-states__tile event-states__tile--events' : 'event-states__tile'}
                style={{ gridRow: row + 1, gridColumn: column + 1 }}
              >
                <a
                  href={`/events?state=${state}`}
                  aria-label={`${names.get(state) ?? state}: ${eventsText(n)}`}
                >
                  {state}
                </a>
              </li>
            );
          })}
        </ul>
        <div className="event-states__table">
          <DataTable
            caption="Events by state"
            testId="events-by-state"
            headings={['State', 'Events']}
            rows={rows}
            rowKey={(r) => r.state}
            cells={(r) => [
              <a key="state" href={`/events?state=${r.state}`}>
                {r.name}
              </a>,
              r.events.toLocaleString('en-US'),
            ]}
            empty="No upcoming public events yet."
          />
        </div>
      </div>
    </section>
  );
}
