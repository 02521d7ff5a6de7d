import { Link, useLocation } from 'react-router-dom';
import { loginRedirectPath } from '@scholars/shared-contracts';

/**
 * What a visitor sees on a members' page of this remote. The shell's guard sends visitors to the
 * sign-in page before they get here; this covers the remote mounted alone on an integrator's page,
 * where asking the API would only answer 401 and the page would read "could not be loaded".
 */
export function SignInNotice({ message, link, testId }: { message: string; link: string; testId: string }) {
  const location = useLocation();
  return (
    <p role="alert" data-testid={testId} className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
      {message}{' '}
      <Link to={loginRedirectPath(location)} className="font-semibold text-emerald-700 underline dark:text-emerald-400">{link}</Link>
    </p>
  );
}
