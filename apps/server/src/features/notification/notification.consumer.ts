import {
  FREE_MEMBER_ALLOWANCE,
  formatMinorUnits,
  type DomainEvent,
  type NotificationKind,
  type NotificationParams,
} from '@teamline/contract';
import { resources } from '@teamline/contract/i18n';
import type { EventConsumer } from '../../platform/events/event-dispatcher.js';
import type { NotificationRepository } from './notification.repository.js';
import type { NotificationService } from './notification.service.js';

interface Notice {
  memberIdxs: number[];
  kind: NotificationKind;
  params: NotificationParams;
  link: string | null;
  actorIdx: number | null;
}

const storyLink = (projectIdx: number, storyIdx: number) =>
  `/timeline/${projectIdx}?selectedStory=${storyIdx}`;
const requestLink = (projectIdx: number) => `/request/${projectIdx}`;
const expertLink = (projectIdx: number, month: string) => `/calculate/expert/${projectIdx}?month=${month}`;
const postLink = (recruitmentIdx: number) => `/recruitment?post=${recruitmentIdx}`;
const clientLink = (projectIdx: number, month: string) => `/calculate/client/${projectIdx}?month=${month}`;

/**
 * Which committed domain events become notices, for whom (spec: "nobody is notified of their own
 * action"; the catalogue `notificationKinds` says the audience). People in events are
 * memberInProjectIdx; notices go to accounts (memberIdx) of current members only.
 */
export function notificationConsumer(
  repo: NotificationRepository,
  notifications: Pick<NotificationService, 'notify'>,
): EventConsumer {
  /** memberInProjectIdx → memberIdx (current members only) and nickname. */
  async function people(projectIdx: number, mips: (number | null | undefined)[]) {
    const ids = [...new Set(mips.filter((m): m is number => typeof m === 'number'))];
    const rows = await repo.people(projectIdx, ids);
    return new Map(rows.map((r) => [r.memberInProjectIdx, r]));
  }

  async function noticesOf(event: DomainEvent): Promise<Notice[]> {
    const projectIdx = event.projectIdx;
    const project = () => repo.projectName(projectIdx);
    switch (event.name) {
      case 'story.created':
      case 'story.updated': {
        const p = event.payload;
        if (!('title' in p)) return []; // the delay job's change: no person acted
        const actorMip = 'actorIdx' in p && p.actorIdx !== undefined ? p.actorIdx : p.createdByIdx;
        const before =
          event.name === 'story.created' ? [] : 'previousAssignees' in p ? p.previousAssignees : undefined;
        if (!before) return []; // a field change, the assignees stayed
        const added = p.assignees.filter((a) => !before.includes(a));
        if (added.length === 0) return [];
        const who = await people(projectIdx, [...added, actorMip]);
        return [
          {
            memberIdxs: added.flatMap((a) => who.get(a)?.memberIdx ?? []),
            kind: 'storyAssigned',
            params: { actor: who.get(actorMip)?.nickname ?? '', story: p.title, project: await project() },
            link: storyLink(projectIdx, p.storyIdx),
            actorIdx: who.get(actorMip)?.memberIdx ?? null,
          },
        ];
      }
      case 'comment.created': {
        const p = event.payload;
        const story = await repo.story(p.storyIdx);
        if (!story) return [];
        const targets = [...story.assignees, story.reporterIdx];
        const who = await people(projectIdx, [...targets, p.memberInProjectIdx]);
        return [
          {
            memberIdxs: targets.flatMap((t) => (t ? (who.get(t)?.memberIdx ?? []) : [])),
            kind: 'storyCommented',
            params: { actor: p.nickname, story: story.title, project: await project() },
            link: storyLink(projectIdx, p.storyIdx),
            actorIdx: who.get(p.memberInProjectIdx)?.memberIdx ?? null,
          },
        ];
      }
      case 'milestone.approval_requested':
      case 'milestone.approved':
      case 'milestone.rejected': {
        const p = event.payload;
        const requested = event.name === 'milestone.approval_requested';
        const actorMip = requested ? p.requestedByIdx : p.approvedByIdx;
        const who = await people(projectIdx, [p.requestedByIdx, p.approvedByIdx]);
        const memberIdxs = requested
          ? await repo.membersWhere(projectIdx, 'clients')
          : p.requestedByIdx
            ? [who.get(p.requestedByIdx)?.memberIdx ?? []].flat()
            : [];
        const kind: NotificationKind = requested
          ? 'milestoneApprovalRequested'
          : event.name === 'milestone.approved'
            ? 'milestoneApproved'
            : 'milestoneRejected';
        return [
          {
            memberIdxs,
            kind,
            params: {
              actor: actorMip ? (who.get(actorMip)?.nickname ?? '') : '',
              milestone: p.title,
              project: await project(),
              ...(kind === 'milestoneRejected' ? { reason: p.rejectReason ?? '' } : {}),
            },
            link: `/timeline/${projectIdx}`,
            actorIdx: actorMip ? (who.get(actorMip)?.memberIdx ?? null) : null,
          },
        ];
      }
      case 'request.created':
      case 'request.commented': {
        const p = event.payload;
        if (p.kind === 'contract') return []; // a contract offer: its own notice below
        const commented = event.name === 'request.commented';
        const actorMip = event.name === 'request.commented' ? event.payload.memberInProjectIdx : p.senderIdx;
        const targets = commented ? [p.senderIdx, p.receiverIdx] : [p.receiverIdx];
        const who = await people(projectIdx, [...targets, actorMip]);
        return [
          {
            memberIdxs: targets.flatMap((t) => who.get(t)?.memberIdx ?? []),
            kind: commented ? 'requestCommented' : 'requestAssigned',
            params: {
              actor: who.get(actorMip)?.nickname ?? '',
              request: await repo.requestTitle(p.requestIdx),
              project: await project(),
            },
            link: requestLink(projectIdx),
            actorIdx: who.get(actorMip)?.memberIdx ?? null,
          },
        ];
      }
      case 'request.status_changed': {
        // The receiver took or completed it: the sender hears (a contract's answer has its own notice).
        const p = event.payload;
        if (p.kind === 'contract') return [];
        if (p.status !== 'inProgress' && p.status !== 'completed') return [];
        const who = await people(projectIdx, [p.senderIdx, p.receiverIdx]);
        return [
          {
            memberIdxs: [who.get(p.senderIdx)?.memberIdx ?? []].flat(),
            kind: p.status === 'inProgress' ? 'requestTaken' : 'requestCompleted',
            params: {
              actor: who.get(p.receiverIdx)?.nickname ?? '',
              request: await repo.requestTitle(p.requestIdx),
              project: await project(),
            },
            link: requestLink(projectIdx),
            actorIdx: who.get(p.receiverIdx)?.memberIdx ?? null,
          },
        ];
      }
      case 'contract.offered':
      case 'contract.accepted':
      case 'contract.declined': {
        const p = event.payload;
        const offered = event.name === 'contract.offered';
        const offerer =
          event.name === 'contract.offered'
            ? event.payload.offeredByIdx
            : await repo.contractOfferer(p.contractIdx);
        const target = offered ? p.memberInProjectIdx : offerer;
        const actorMip = offered ? offerer : p.memberInProjectIdx;
        const who = await people(projectIdx, [target, actorMip]);
        return [
          {
            memberIdxs: target ? [who.get(target)?.memberIdx ?? []].flat() : [],
            kind: offered
              ? 'contractOffered'
              : event.name === 'contract.accepted'
                ? 'contractAccepted'
                : 'contractDeclined',
            params: { actor: actorMip ? (who.get(actorMip)?.nickname ?? '') : '', project: await project() },
            link: requestLink(projectIdx),
            actorIdx: actorMip ? (who.get(actorMip)?.memberIdx ?? null) : null,
          },
        ];
      }
      case 'settlement.submitted':
      case 'settlement.returned':
      case 'settlement.approved':
      case 'settlement.paid': {
        const p = event.payload;
        const submitted = event.name === 'settlement.submitted';
        const who = await people(projectIdx, [p.memberInProjectIdx, p.actorIdx]);
        const memberIdxs = submitted
          ? await repo.membersWhere(projectIdx, 'deciders', p.memberInProjectIdx)
          : [who.get(p.memberInProjectIdx)?.memberIdx ?? []].flat();
        const kinds = {
          'settlement.submitted': 'settlementSubmitted',
          'settlement.returned': 'settlementReturned',
          'settlement.approved': 'settlementApproved',
          'settlement.paid': 'settlementPaid',
        } as const;
        return [
          {
            memberIdxs,
            kind: kinds[event.name],
            params: {
              actor: p.actorIdx ? (who.get(p.actorIdx)?.nickname ?? '') : '',
              month: p.month,
              project: await project(),
            },
            link: submitted ? clientLink(projectIdx, p.month) : expertLink(projectIdx, p.month),
            actorIdx: p.actorIdx ? (who.get(p.actorIdx)?.memberIdx ?? null) : null,
          },
        ];
      }
      // A budget reached 80 or 100 %: the paying side (clients and admin authority), nobody's own action.
      case 'budget.threshold_reached': {
        const p = event.payload;
        const projectName = await project();
        const budget = p.milestoneIdx === null ? projectName : await repo.milestoneTitle(p.milestoneIdx);
        return [
          {
            memberIdxs: await repo.membersWhere(projectIdx, 'deciders'),
            kind: 'budgetThreshold',
            // Amounts written once for every language (the notice's params are stored with it).
            params: {
              project: projectName,
              budget,
              threshold: p.threshold,
              spent: formatMinorUnits(p.spent, p.currency, 'en'),
              amount: formatMinorUnits(p.amount, p.currency, 'en'),
            },
            link: `/spending/${projectIdx}`,
            actorIdx: null,
          },
        ];
      }
      case 'invite.created': {
        const p = event.payload;
        if (!p.inviteeIdx) return [];
        const [invitee] = await repo.accounts([p.inviteeIdx]);
        if (!invitee) return [];
        return [
          {
            memberIdxs: [p.inviteeIdx],
            kind: 'invited',
            // The role named in the invitee's language, as the invitation mail names it.
            params: {
              actor: await repo.nickname(p.invitedByIdx),
              project: await project(),
              role: resources[invitee.lang].mail.roles[p.role],
            },
            link: null,
            actorIdx: p.invitedByIdx,
          },
        ];
      }
      // Recruitment: applicants are accounts outside the project (memberIdx in the payload). The
      // poster hears of applications and withdrawals, the applicant of each decision.
      case 'recruitment.applied':
      case 'recruitment.application_changed': {
        const p = event.payload;
        const found = await repo.application(p.applicationIdx);
        if (!found) return [];
        const params = { post: found.title, project: await project() };
        if (p.status === 'applied' || p.status === 'withdrawn')
          return [
            {
              memberIdxs: [p.posterIdx],
              kind: p.status === 'applied' ? 'recruitmentApplied' : 'applicationWithdrawn',
              params: { ...params, actor: await repo.nickname(p.applicantIdx) },
              link: postLink(p.recruitmentIdx),
              actorIdx: p.actorIdx,
            },
          ];
        const kind =
          p.status === 'hired'
            ? 'applicationHired'
            : p.status === 'rejected'
              ? 'applicationRejected'
              : 'applicationShortlisted';
        return [
          {
            memberIdxs: [p.applicantIdx],
            kind,
            params: { ...params, note: found.decisionNote ?? '' },
            link: p.status === 'hired' ? requestLink(projectIdx) : postLink(p.recruitmentIdx),
            actorIdx: p.actorIdx,
          },
        ];
      }
      // Billing and webhooks: to the project's admins (nobody's own action: jobs and receivers).
      case 'subscription.warned': {
        const p = event.payload;
        return [
          {
            memberIdxs: await repo.membersWhere(projectIdx, 'admins'),
            kind: 'subscriptionWarning',
            params: {
              project: await project(),
              members: p.totalMember,
              covered: p.sheets + FREE_MEMBER_ALLOWANCE,
              date: p.graceUntil.slice(0, 10),
            },
            link: '/setting?tab=subscription',
            actorIdx: null,
          },
        ];
      }
      case 'project.inactivated':
        return [
          {
            memberIdxs: await repo.membersWhere(projectIdx, 'admins'),
            kind: 'projectInactive',
            params: { project: await project() },
            link: '/setting?tab=subscription',
            actorIdx: null,
          },
        ];
      case 'payment.failed': {
        const p = event.payload;
        return [
          {
            memberIdxs: await repo.membersWhere(projectIdx, 'admins'),
            kind: 'chargeFailed',
            params: { project: await project(), reason: p.reason },
            link: '/setting?tab=card',
            actorIdx: null,
          },
        ];
      }
      case 'webhook.disabled': {
        const p = event.payload;
        return [
          {
            memberIdxs: await repo.membersWhere(projectIdx, 'admins'),
            kind: 'webhookDisabled',
            params: { project: await project(), webhook: p.name ?? p.type, status: p.reason },
            link: '/setting?tab=webhooks',
            actorIdx: null,
          },
        ];
      }
      default:
        return [];
    }
  }

  return {
    name: 'notification',
    events: [
      'story.created',
      'story.updated',
      'comment.created',
      'milestone.approval_requested',
      'milestone.approved',
      'milestone.rejected',
      'request.created',
      'request.commented',
      'request.status_changed',
      'contract.offered',
      'contract.accepted',
      'contract.declined',
      'settlement.submitted',
      'settlement.returned',
      'settlement.approved',
      'settlement.paid',
      'budget.threshold_reached',
      'invite.created',
      'recruitment.applied',
      'recruitment.application_changed',
      'subscription.warned',
      'project.inactivated',
      'payment.failed',
      'webhook.disabled',
    ],
    async handle(event) {
      for (const notice of await noticesOf(event))
        await notifications.notify({ ...notice, projectIdx: event.projectIdx, eventIdx: event.eventIdx });
    },
  };
}
