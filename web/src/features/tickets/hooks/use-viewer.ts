import { useUser } from '../../../lib/auth';
import type { CompanySettings, Viewer } from '../lib/access';

/** The signed-in user as the access rules read it, with the company's settings. */
export function useViewer(): { viewer: Viewer; settings: CompanySettings; plan: ReturnType<typeof useUser>['company']['plan'] } {
  const u = useUser();
  return {
    viewer: { id: u.id, profile: u.profile, super: u.super, queueIds: u.queueIds, allUserChat: u.allUserChat },
    settings: u.company.settings,
    plan: u.company.plan,
  };
}
