import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { PROFILE_IMAGE_STORAGE_KEY } from '../lib/sign-out';

export interface ProfileImageUploadProps {
  current: string | null;
  /** Set after a form upload without JavaScript: the new image goes to browser storage on hydration. */
  uploaded?: string | null;
  accept: string;
  maxMegabytes: number;
  error?: string | null;
}

function rememberImage(url: string) {
  try {
    // The header's avatar reads it from there (docs/product/spec.md §3, "Session user").
    window.localStorage.setItem(PROFILE_IMAGE_STORAGE_KEY, url);
  } catch {
    // Storage blocked: the header falls back to the session's image.
  }
}

/** Upload a profile picture: a multipart form that also works without JavaScript. */
export default function ProfileImageUpload(props: ProfileImageUploadProps) {
  const [image, setImage] = useState(props.current);
  const [error, setError] = useState(props.error ?? null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (props.uploaded) rememberImage(props.uploaded);
  }, [props.uploaded]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setStatus(null);
    if (file && file.size > props.maxMegabytes * 1024 * 1024) {
      setError(`The image is larger than ${props.maxMegabytes} MB.`);
    } else {
      setError(null);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = inputRef.current?.files?.[0];
    if (!file) {
      setError('Please choose an image.');
      return;
    }
    setBusy(true);
    try {
      const body = new FormData();
      body.set('image', file);
      const answer = await fetch('/myprofile/image', {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      });
      const result = (await answer.json()) as { url?: string; error?: string };
      if (!answer.ok || !result.url) throw new Error(result.error ?? 'The upload failed. Please try again.');
      setImage(result.url);
      rememberImage(result.url);
      for (const img of document.querySelectorAll<HTMLImageElement>('img[data-profile-image]'))
        img.src = result.url;
      setError(null);
      setStatus('Your new profile picture is saved.');
      if (inputRef.current) inputRef.current.value = '';
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The upload failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="form image-upload"
      method="post"
      action="/myprofile/image"
      encType="multipart/form-data"
      onSubmit={onSubmit}
    >
      {image && (
        <img className="image-upload__preview" src={image} alt="Your current avatar" width="96" height="96" />
      )}
      <div className="field">
        <label htmlFor="profile-image">Profile picture</label>
        <input
          ref={inputRef}
          id="profile-image"
          name="image"
          type="file"
          accept={props.accept}
          onChange={onChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={`profile-image-hint${error ? ' profile-image-error' : ''}`}
        />
        <p className="field-hint" id="profile-image-hint">
          JPEG, PNG, WebP, GIF or AVIF, up to {props.maxMegabytes} MB. We crop it to a square.
        </p>
        {error && (
          <p className="field-error" id="profile-image-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <p role="status" className="image-upload__status">
        {status}
      </p>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Uploading…' : 'Upload picture'}
      </button>
    </form>
  );
}
