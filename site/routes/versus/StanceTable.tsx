import { ISSUES, STANCE_LABELS } from '../../../api/contract/issue-stances';
import type { CandidateCard } from '../../../api/modules/stances/service';
import { ScrollingTable } from '../../components/ScrollingTable';

function StanceCell({ stance }: { stance: CandidateCard['stances'][string] | undefined }) {
  if (!stance) return <td className="stance stance--none">No stance stated</td>;
  return (
    <td className={`stance stance--${stance.stance}`}>
      <strong>{STANCE_LABELS[stance.stance]}</strong>
      {stance.statement && <> — {stance.statement}</>}
    </td>
  );
}

/** Issue by issue, one column per candidate (one column on a candidate's own profile). */
export function StanceTable({ candidates, caption }: { candidates: CandidateCard[]; caption: string }) {
  return (
    <ScrollingTable caption={caption} className="stance-table">
      <thead>
        <tr>
          <th scope="col">Issue</th>
          {candidates.map((c) => (
            <th key={c.id} scope="col">
              {c.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {ISSUES.map((issue) => (
          <tr key={issue.key}>
            <th scope="row">{issue.label}</th>
            {candidates.map((c) => (
              <StanceCell key={c.id} stance={c.stances[issue.key]} />
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}
