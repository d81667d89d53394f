import { type FormEvent, useState } from 'react';
import { signOut } from '../lib/sign-out';

export interface LogOutButtonProps {
  csrfToken: string;
}

/**
 * The header's Log Out button. Without JavaScript the form posts to the sign-out endpoint,
 * which redirects home; with it, the shared sign-out also clears the browser's account data.
 */
export default function LogOutButton({ csrfToken }: LogOutButtonProps) {
  const [pending, setPending] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    void signOut();
  }

  return (
    <form className="log-out" method="post" action="/api/auth/signout" onSubmit={onSubmit}>
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <input type="hidden" name="callbackUrl" value="/" />
      <button type="submit" className="button button--small log-out__button" disabled={pending}>
        {pending ? 'Logging out…' : 'Log Out'}
      </button>
    </form>
  );
}
