import { requestResetInput, resetPasswordInput } from '../../../api/modules/accounts/schema';
import { requestPasswordReset, resetPassword } from '../../../api/modules/accounts/service';
import { AuthCard } from '../../components/AuthCard';
import { renderPage } from '../../render/render-page';
import { Island } from '../../server/Island';
import type { Page, PageContext } from '../../server/page';
import { one, postedForm, runAction } from './form-post';

const META = {
  title: 'Reset your password',
  description: 'Request a link to choose a new password.',
  canonicalPath: '/auth/reset-password',
};

async function postNewPassword(c: PageContext, token: string, password: string, confirm: string) {
  if (password !== confirm) {
    return renderPage(c, {
      ...newPasswordPage(token, { confirmPassword: ['The two passwords do not match.'] }),
      status: 400,
    });
  }
  const result = await runAction(resetPasswordInput, { token, password }, (data) =>
    resetPassword(c.get('db'), data.token, data.password),
  );
  if (result.ok) return c.redirect('/auth/reset-password?done=1', 303);
  const { token: tokenErrors, ...errors } = result.errors;
  const page = newPasswordPage(token, errors, tokenErrors?.join(' ') ?? result.formError);
  return renderPage(c, { ...page, status: result.status });
}

function requestPage(props: {
  initialEmail?: string;
  initialErrors?: Record<string, string[] | undefined>;
  initialFormError?: string;
  sent?: boolean;
}): Page {
  return {
    meta: META,
    body: (
      <AuthCard
        title="Reset your password"
        lead="Enter the email you signed up with and we will send you a link."
      >
        <Island name="PasswordResetRequestForm" props={props} />
        <p className="auth-card__footer">
          Remembered it? <a href="/auth/signin">Sign in</a>
        </p>
      </AuthCard>
    ),
  };
}

function newPasswordPage(
  token: string,
  initialErrors?: Record<string, string[] | undefined>,
  initialFormError?: string,
): Page {
  return {
    meta: { ...META, title: 'Choose a new password', noindex: true },
    body: (
      <AuthCard title="Choose a new password">
        <Island name="NewPasswordForm" props={{ token, initialErrors, initialFormError }} />
      </AuthCard>
    ),
  };
}

function donePage(): Page {
  return {
    meta: { ...META, noindex: true },
    body: (
      <AuthCard title="Your password has been changed" lead="For your security we signed you out everywhere.">
        <p>
          <a className="button button--primary" href="/auth/signin">
            Sign in
          </a>
        </p>
      </AuthCard>
    ),
  };
}

export function showResetPassword(c: PageContext) {
  const token = c.req.query('token');
  if (token) {
    c.header('Cache-Control', 'no-store');
    return renderPage(c, newPasswordPage(token));
  }
  if (c.req.query('done') === '1') return renderPage(c, donePage());
  return renderPage(c, requestPage({ sent: c.req.query('sent') === '1' }));
}

export async function submitResetPassword(c: PageContext) {
  const form = await postedForm(c);
  const token = one(form, 'token');
  if (token) return postNewPassword(c, token, one(form, 'password'), one(form, 'confirmPassword'));
  const email = one(form, 'email');
  const config = c.get('config');
  const result = await runAction(requestResetInput, { email }, (data) =>
    requestPasswordReset(
      { db: c.get('db'), email: c.get('email'), appUrl: config.appUrl, ip: c.get('ip') },
      data.email,
    ),
  );
  if (result.ok) return c.redirect('/auth/reset-password?sent=1', 303);
  const page = requestPage({
    initialEmail: email,
    initialErrors: result.errors,
    initialFormError: result.formError,
  });
  return renderPage(c, { ...page, status: result.status });
}
