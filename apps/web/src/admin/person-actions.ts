/** The actions on a person the console offers from a seat and from a report (PROTOCOL §4.9). */
import type { ActionSpec } from './ActionModal';
import { adminActions } from './admin-api';

export const muteSpec = (token: string, playerId: string, name: string, lobbyId: string): ActionSpec => ({
  title: `Mute ${name}`,
  what: `${name}'s chat is refused until the mute ends: in this lobby, or in every lobby.`,
  confirm: 'Mute',
  minutes: 'required',
  scope: true,
  done: `${name} is muted.`,
  run: ({ reason, minutes, everywhere }) =>
    adminActions.mute(token, playerId, everywhere ? null : lobbyId, minutes ?? 60, reason),
});

export const banIdentitySpec = (token: string, playerId: string, name: string): ActionSpec => ({
  title: `Ban ${name}`,
  what: `${name}'s identity cannot connect until the ban ends; their open connections are closed.`,
  confirm: 'Ban identity',
  minutes: 'optional',
  done: `${name} is banned.`,
  run: ({ reason, minutes }) => adminActions.ban(token, { identity: playerId }, minutes, reason),
});

export const banAddressSpec = (token: string, address: string): ActionSpec => ({
  title: `Ban address ${address}`,
  what: `Nobody connects from ${address} (an IPv6 address counts by its /64) until the ban ends.`,
  confirm: 'Ban address',
  minutes: 'optional',
  done: `${address} is banned.`,
  run: ({ reason, minutes }) => adminActions.ban(token, { address }, minutes, reason),
});
