/** The job board's own pages, for members: what they applied to, saved, and (employers) posted. */
export function JobBoardLinks({ signedIn, employer }: { signedIn: boolean; employer: boolean }) {
  if (!signedIn) return null;
  return (
    <nav className="job-board-links" aria-label="Job board">
      <a href="/jobs/applications">My applications</a>
      <a href="/jobs/saved">Saved searches</a>
      {employer && <a href="/jobs/mine">My postings</a>}
      {employer && (
        <a className="button button--primary button--small" href="/jobs/new">
          Post a job
        </a>
      )}
    </nav>
  );
}
