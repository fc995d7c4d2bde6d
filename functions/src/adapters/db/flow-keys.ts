/** The keys of flows, their versions and their phrase triggers (flows.ts; ACCESS_PATTERNS.md #134 on). */
import { pad } from './keys';

export const flowKeys = {
  flow: (cid: number, id: number) => ({ PK: `C#${cid}#FLOWS`, SK: pad(id) }),
  flows: (cid: number) => `C#${cid}#FLOWS`,
  versions: (cid: number, id: number) => `C#${cid}#FLOW#${id}`,
  version: (cid: number, id: number, version: number, chunk: number) => ({ PK: `C#${cid}#FLOW#${id}`, SK: `V#${pad(version)}#${pad(chunk, 2)}` }),
  trigger: (cid: number, id: number) => ({ PK: `C#${cid}#FLOWTRIG`, SK: pad(id) }),
  triggers: (cid: number) => `C#${cid}#FLOWTRIG`,
} as const;
