import { signUpInput } from '../../../api/modules/accounts/schema';
import { signUp } from '../../../api/modules/accounts/service';
import { AuthCard } from '../../components/AuthCard';
import type { SignUpFormProps } from '../../islands/SignUpForm';
import { renderPage } from '../../render/render-page';
import { Island } from '../../server/Island';
import type { PageContext } from '../../server/page';
import { one, postedForm, runAction } from './form-post';

function signUpPage(c: PageContext, props: SignUpFormProps, status = 200) {
  return renderPage(c, {
    status,
    meta: {
      title: 'Create your account',
      description: 'Join Campaign HQ as an individual or an organization.',
      canonicalPath: '/signup',
    },
    body: (
      <AuthCard
        title="Create your account"
        lead="Join candidates, activists and organizations running better campaigns."
      >
        <Island name="SignUpForm" props={props} />
        <p className="auth-card__footer">
          Already have an account? <a href="/auth/signin">Sign in</a>
        </p>
      </AuthCard>
    ),
  });
}

export async function showSignUp(c: PageContext) {
  if (c.get('user')) return c.redirect('/', 302);
  return signUpPage(c, { sentTo: c.req.query('sent') === '1' ? '' : null });
}

export async function submitSignUp(c: PageContext) {
  const form = await postedForm(c);
  const fields = ['kind', 'firstName', 'lastName', 'orgName', 'email', 'password'] as const;
  const input = Object.fromEntries(fields.map((f) => [f, one(form, f)]));
  const config = c.get('config');
  const result = await runAction(signUpInput, input, (data) =>
    signUp({ db: c.get('db'), email: c.get('email'), appUrl: config.appUrl, ip: c.get('ip') }, data),
  );
  if (result.ok) return c.redirect('/signup?sent=1', 303);
  const { password: _password, ...values } = input;
  return signUpPage(
    c,
    { initialValues: values, initialErrors: result.errors, initialFormError: result.formError },
    result.status,
  );
}
