import { ArrowRightLeft, Ban, BookUser, CircleHelp, Clock, FileText, Globe, Image, LayoutList, ListTree, MessageSquareText, Mic, PlayCircle, Shuffle, Tag, Users, Variable, Video, type LucideIcon } from 'lucide-react';
import type { FlowNodeType } from '@conversa/shared/schemas/flows';

/** Each node type's icon and colour on the canvas and in the add menu. */
export const NODE_LOOK: Record<FlowNodeType, { icon: LucideIcon; color: string }> = {
  start: { icon: PlayCircle, color: '#3a8f3d' },
  message: { icon: MessageSquareText, color: '#6b62d6' },
  singleBlock: { icon: LayoutList, color: '#ec5858' },
  interval: { icon: Clock, color: '#f7953b' },
  menu: { icon: ListTree, color: '#683ac8' },
  question: { icon: CircleHelp, color: '#f5a623' },
  collect: { icon: Variable, color: '#2f80ed' },
  condition: { icon: ArrowRightLeft, color: '#d3344b' },
  randomizer: { icon: Shuffle, color: '#1fbadc' },
  httpRequest: { icon: Globe, color: '#0f766e' },
  updateContact: { icon: BookUser, color: '#8e44ad' },
  queue: { icon: Users, color: '#0e7490' },
  tag: { icon: Tag, color: '#b45309' },
  closeTicket: { icon: Ban, color: '#b91c1c' },
  img: { icon: Image, color: '#2563eb' },
  audio: { icon: Mic, color: '#db2777' },
  video: { icon: Video, color: '#7c3aed' },
  document: { icon: FileText, color: '#475569' },
};

/** The add menu (spec 3 "Flow editor"), in the spec's order. */
export const ADD_MENU: readonly FlowNodeType[] = ['start', 'singleBlock', 'menu', 'question', 'collect', 'updateContact', 'randomizer', 'queue', 'tag', 'condition', 'closeTicket', 'httpRequest', 'interval'];

