import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { PAID_PLAN } from '@conversa/shared/roles';
import { FullPageLoader } from '../components/ui/full-page-loader';
import { NavigationBridge } from './navigation';
import { PageGate, PrivateGuard, PublicGuard } from './guards';
import { paths, type AppPageKey } from '../config/paths';
import type { RouteRule } from './route-access';

// Every page is its own chunk, loaded only after the guard let the user through. (Declarative
// routes: the data router would add ~17 KB gzip to the login page, STACK-NOTES "Web bundle".)
const LoginRoute = lazy(() => import('./routes/auth/login'));
const SignupRoute = lazy(() => import('./routes/auth/signup'));
const ForgetPasswordRoute = lazy(() => import('./routes/auth/forget-password'));
const MainLayout = lazy(() => import('./layout/main-layout'));
const UsersRoute = lazy(() => import('./routes/app/users'));
const SettingsRoute = lazy(() => import('./routes/app/settings'));
const ConnectionsRoute = lazy(() => import('./routes/app/connections'));
const TicketsRoute = lazy(() => import('./routes/app/tickets'));
const ContactsRoute = lazy(() => import('./routes/app/contacts'));
const QuickMessagesRoute = lazy(() => import('./routes/app/quick-messages'));
const DashboardRoute = lazy(() => import('./routes/app/dashboard'));
const OpenByPhoneRoute = lazy(() => import('./routes/app/open-by-phone'));
const QueuesRoute = lazy(() => import('./routes/app/queues'));
const RatingsRoute = lazy(() => import('./routes/app/ratings'));
const AssessmentReportRoute = lazy(() => import('./routes/app/assessment-report'));
const AuditRoute = lazy(() => import('./routes/app/audit'));
const FinanceiroRoute = lazy(() => import('./routes/app/financeiro'));
const CompaniesRoute = lazy(() => import('./routes/app/companies'));
const SchedulesRoute = lazy(() => import('./routes/app/schedules'));
const CampanhasRoute = lazy(() => import('./routes/app/campanhas'));
const TicketsByTagRoute = lazy(() => import('./routes/app/tickets-by-tag'));
const TagsRoute = lazy(() => import('./routes/app/tags'));
const TagsKanbanRoute = lazy(() => import('./routes/app/tags-kanban'));
const KanbanRoute = lazy(() => import('./routes/app/kanban'));
const ContactListsRoute = lazy(() => import('./routes/app/contact-lists'));
const ContactListItemsRoute = lazy(() => import('./routes/app/contact-list-items'));
const CampaignsRoute = lazy(() => import('./routes/app/campaigns'));
const CampaignReportRoute = lazy(() => import('./routes/app/campaign-report'));
const CampaignsConfigRoute = lazy(() => import('./routes/app/campaigns-config'));
const FlowBuildersRoute = lazy(() => import('./routes/app/flowbuilders'));
const FlowBuilderRoute = lazy(() => import('./routes/app/flowbuilder'));
const FlowCampaignsRoute = lazy(() => import('./routes/app/flowcampaigns'));
const LaterRoute = lazy(() => import('./routes/app/later'));
const HelpsRoute = lazy(() => import('./routes/app/helps'));
const AnnouncementsRoute = lazy(() => import('./routes/app/announcements'));
const OutrosAjustesRoute = lazy(() => import('./routes/app/outros-ajustes'));
const NotFoundRoute = lazy(() => import('./routes/app/not-found'));


type PrivateRule = Omit<Extract<RouteRule, { kind: 'private' }>, 'kind'>;
const rule = (r: PrivateRule = {}): RouteRule => ({ kind: 'private', ...r });
/** /schedules and /campanhas (the lanes' schedules): plans with useSchedules (spec 3 §6: otherwise the toast and / after 1 s). */
export const SCHEDULES_RULE = rule({ plan: { flag: 'useSchedules' }, planRedirect: true });
/** /contact-lists and a list's contacts: admins, plans with useCampaigns, behind the cshow flag (spec 3 §2). */
export const CONTACT_LISTS_RULE = rule({ access: 'admin', cshow: true, plan: { flag: 'useCampaigns' } });
/**
 * /campaigns, a campaign's report and /campaigns-config: admins, behind cshow, plans with
 * useCampaigns; a plan without it gets the toast and / after 1 s (spec 3 §2, §8).
 */
/** The flow builder's pages (spec 3 "Flow manager list", "Flow editor"): admins, plans with useShowFlowBuilder (ultimate). */
export const FLOWS_RULE = rule({ access: 'admin', plan: { flag: 'useShowFlowBuilder', tiers: ['ultimate'] } });
export const CAMPAIGNS_RULE = rule({ access: 'admin', cshow: true, plan: { flag: 'useCampaigns' }, planRedirect: true });

/**
 * The private pages of spec 1 §2 with their gates: plan lists of §2 ("only on plans basico,
 * empresarial, ultimate", "/financeiro-aberto: empresarial and ultimate", "cshow"), /settings for
 * admin or super, and the drawer's admin/super-only areas (spec 1 §2 "Drawer items").
 */
export const LATER_PAGES: readonly [AppPageKey, RouteRule][] = [
  ['todolist', rule()],
  ['emailScheduler', rule()],
  ['calendario', rule()],
  ['campanhaAvancada', rule()],
  ['messagesApi', rule({ access: 'admin' })],
  ['integrationsHinova', rule()],
  ['integrationsSiprov', rule()],
  ['integrationsMikweb', rule()],
  ['integrationsBling', rule()],
  ['email', rule({ plan: PAID_PLAN })],
  ['emailLis', rule({ plan: PAID_PLAN })],
  ['emailsAgendado', rule({ plan: PAID_PLAN })],
  ['chatGpt', rule({ plan: PAID_PLAN })],
  ['chats', rule({ plan: PAID_PLAN })],
  ['integrations', rule({ plan: PAID_PLAN })],
  ['integrationsFlowise', rule({ plan: PAID_PLAN })],
  ['integrationsTypebot', rule({ plan: PAID_PLAN })],
  ['financeiroAberto', rule({ plan: { tiers: ['empresarial', 'ultimate'] } })],
];

function suspended(node: ReactNode) {
  return <Suspense fallback={<FullPageLoader />}>{node}</Suspense>;
}

function gated(r: RouteRule, Page: LazyExoticComponent<ComponentType>) {
  return <PageGate rule={r}>{suspended(<Page />)}</PageGate>;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <NavigationBridge />
      <Routes>
        <Route element={<PublicGuard />}>
          <Route path={paths.auth.login.path} element={suspended(<LoginRoute />)} />
          <Route path={paths.auth.signup.path} element={suspended(<SignupRoute />)} />
          <Route path={paths.auth.forgetPassword.path} element={suspended(<ForgetPasswordRoute />)} />
        </Route>
        <Route element={<PrivateGuard />}>
          <Route element={suspended(<MainLayout />)}>
            <Route index element={<Navigate to={paths.app.tickets.getHref()} replace />} />
            <Route path={paths.app.users.path} element={gated(rule({ access: 'admin' }), UsersRoute)} />
            <Route path={paths.app.settings.path} element={gated(rule({ access: 'admin' }), SettingsRoute)} />
            <Route path={paths.app.connections.path} element={gated(rule({ access: 'admin' }), ConnectionsRoute)} />
            <Route path={paths.app.tickets.path} element={gated(rule(), TicketsRoute)} />
            <Route path={paths.app.ticket.path} element={gated(rule(), TicketsRoute)} />
            <Route path={paths.app.contacts.path} element={gated(rule(), ContactsRoute)} />
            <Route path={paths.app.quickMessages.path} element={gated(rule(), QuickMessagesRoute)} />
            <Route path={paths.app.dashboard.path} element={gated(rule({ access: 'admin' }), DashboardRoute)} />
            <Route path={paths.app.openByPhone.path} element={gated(rule(), OpenByPhoneRoute)} />
            <Route path={paths.app.queues.path} element={gated(rule({ access: 'admin' }), QueuesRoute)} />
            <Route path={paths.app.ratings.path} element={gated(rule({ access: 'admin' }), RatingsRoute)} />
            <Route path={paths.app.assessmentReport.path} element={gated(rule({ access: 'admin' }), AssessmentReportRoute)} />
            <Route path={paths.app.audit.path} element={gated(rule({ access: 'admin' }), AuditRoute)} />
            {/* Spec 1 §2: admin only, on the paid plans; an overdue company reaches it whatever its plan (route-access.ts). */}
            <Route path={paths.app.financeiro.path} element={gated(rule({ access: 'admin', plan: PAID_PLAN }), FinanceiroRoute)} />
            {/* Super only: the page itself tells anyone else the company may not access it, then goes to / (spec 2). */}
            <Route path={paths.app.companies.path} element={gated(rule(), CompaniesRoute)} />
            <Route path={paths.app.helps.path} element={gated(rule(), HelpsRoute)} />
            {/* Super only; the page itself turns others away with the spec's toast and a redirect after 1 s (spec 3 §6). */}
            <Route path={paths.app.announcements.path} element={gated(rule(), AnnouncementsRoute)} />
            <Route path={paths.app.outrosajustes.path} element={gated(rule({ access: 'admin' }), OutrosAjustesRoute)} />
            <Route path={paths.app.schedules.path} element={gated(SCHEDULES_RULE, SchedulesRoute)} />
            <Route path={paths.app.campanhas.path} element={gated(SCHEDULES_RULE, CampanhasRoute)} />
            <Route path={paths.app.ticketsByTag.path} element={gated(rule(), TicketsByTagRoute)} />
            <Route path={paths.app.tags.path} element={gated(rule(), TagsRoute)} />
            {/* Spec 3 §2: lanes only on plans basico, empresarial and ultimate. */}
            <Route path={paths.app.tagsKanban.path} element={gated(rule({ plan: PAID_PLAN }), TagsKanbanRoute)} />
            {/* Spec 3 §2: the paid plans only. */}
            <Route path={paths.app.kanban.path} element={gated(rule({ plan: PAID_PLAN }), KanbanRoute)} />
            <Route path={paths.app.contactLists.path} element={gated(CONTACT_LISTS_RULE, ContactListsRoute)} />
            <Route path={paths.app.contactListContacts.path} element={gated(CONTACT_LISTS_RULE, ContactListItemsRoute)} />
            <Route path={paths.app.campaigns.path} element={gated(CAMPAIGNS_RULE, CampaignsRoute)} />
            <Route path={paths.app.campaignReport.path} element={gated(CAMPAIGNS_RULE, CampaignReportRoute)} />
            <Route path={paths.app.campaignsConfig.path} element={gated(CAMPAIGNS_RULE, CampaignsConfigRoute)} />
            <Route path={paths.app.flowbuilders.path} element={gated(FLOWS_RULE, FlowBuildersRoute)} />
            <Route path={paths.app.flowbuilder.path} element={gated(FLOWS_RULE, FlowBuilderRoute)} />
            <Route path={paths.app.flowcampaigns.path} element={gated(FLOWS_RULE, FlowCampaignsRoute)} />
            {LATER_PAGES.map(([key, r]) => (
              <Route key={key} path={paths.app[key].path} element={<PageGate rule={r}>{suspended(<LaterRoute titleKey={`pages.${key}`} />)}</PageGate>} />
            ))}
            <Route path="*" element={suspended(<NotFoundRoute />)} />
          </Route>
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
