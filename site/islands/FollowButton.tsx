import { type FormEvent, useState } from 'react';
import { useMutation } from '../lib/query-hooks/use-mutation';
import { messageOf, trpc } from '../lib/trpc';

export interface FollowButtonProps {
  userId: number;
  name: string;
  following: boolean;
  followers: number;
}

/** Follow / unfollow a member. A plain form POST without JavaScript; an RPC call with it. */
export default function FollowButton(props: FollowButtonProps) {
  const [following, setFollowing] = useState(props.following);
  const [followers, setFollowers] = useState(props.followers);
  const [error, setError] = useState<string | null>(null);
  const toggle = useMutation({
    mutationFn: async (next: boolean): Promise<{ following: boolean }> =>
      next
        ? trpc.profiles.follow.mutate({ userId: props.userId })
        : trpc.profiles.unfollow.mutate({ userId: props.userId }),
    retry: false,
    onSuccess: (result) => {
      setFollowers((n) => n + (result.following === following ? 0 : result.following ? 1 : -1));
      setFollowing(result.following);
      setError(null);
    },
    onError: (e) => setError(messageOf(e)),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    toggle.mutate(!following);
  }

  return (
    <form
      className="follow-form"
      method="post"
      action={following ? '/profile/unfollow' : '/profile/follow'}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="userId" value={props.userId} />
      <button
        type="submit"
        className={`button${following ? '' : ' button--primary'}`}
        disabled={toggle.isPending}
      >
        {following ? 'Following' : 'Follow'}
        <span className="visually-hidden"> {props.name}</span>
      </button>
      <span className="follow-form__count" aria-live="polite">
        {followers} {followers === 1 ? 'follower' : 'followers'}
      </span>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
