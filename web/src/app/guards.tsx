import { useContext, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../components/ui/full-page-loader';
import { UserContext, useSession } from '../lib/auth';
import { isoDate } from '../lib/format';
import { readStorage, STORAGE_KEYS } from '../lib/storage';
import { toast } from '../lib/toast';
import { decide, type RouteRule } from './route-access';

/** Where the login that just succeeded lands (set by the login page, read once). */
let afterLogin: string | undefined;
export function setAfterLogin(path: string): void {
  afterLogin = path;
}

const cshowFlag = () => readStorage(STORAGE_KEYS.cshow) !== null;

/** /login, /signup, /forgetpsw: a signed-in user is sent on (spec 1 §2 "Route guard"). */
export function PublicGuard() {
  const session = useSession();
  const { pathname } = useLocation();
  const d = decide({ rule: { kind: 'public' }, pathname, session, today: isoDate(), cshow: cshowFlag(), afterLogin });
  if (d.type === 'wait') return <FullPageLoader />;
  if (d.type === 'redirect') {
    afterLogin = undefined;
    return <Navigate to={d.to} replace />;
  }
  return <Outlet />;
}

/** Every private route: signed in, and not overdue unless it is finance. */
export function PrivateGuard() {
  const session = useSession();
  const location = useLocation();
  const d = decide({ rule: { kind: 'private' }, pathname: location.pathname, session, today: isoDate(), cshow: cshowFlag() });
  if (d.type === 'wait') return <FullPageLoader />;
  if (d.type === 'redirect' || session.status !== 'authenticated') {
    return <Navigate to={d.type === 'redirect' ? d.to : '/login'} replace state={{ from: location.pathname }} />;
  }
  return (
    <UserContext.Provider value={session.user}>
      <Outlet />
    </UserContext.Provider>
  );
}

/** A page's own role / plan / cshow rule, shown as a notice inside the layout when refused. */
export function PageGate({ rule, children }: { rule: RouteRule; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useContext(UserContext);
  const { pathname } = useLocation();
  if (!user) return null;
  const d = decide({ rule, pathname, session: { status: 'authenticated', user }, today: isoDate(), cshow: cshowFlag() });
  if (d.type === 'redirect') return <Navigate to={d.to} replace />;
  if (d.type === 'forbidden' && d.reason === 'plan' && rule.kind === 'private' && rule.planRedirect) return <PlanRedirect />;
  if (d.type === 'forbidden') {
    return (
      <div className="forbidden" role="alert">
        <p>{d.reason === 'plan' ? t('common.notAvailablePlan') : t('common.forbidden')}</p>
      </div>
    );
  }
  return <>{children}</>;
}

/** Spec 3 §6: a page the company's plan does not allow says so in a toast and goes to / after 1 s. */
export const PLAN_REDIRECT_MS = 1000;
function PlanRedirect() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    toast.error(t('common.planRedirect'));
    const timer = setTimeout(() => navigate('/', { replace: true }), PLAN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, t]);
  return null;
}
