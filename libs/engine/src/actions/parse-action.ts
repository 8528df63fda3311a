/**
 * The shape check in front of every rule (RULES §4.1): raw input is not an action until it has
 * its id's payload shape. The dispatcher runs it first, so whatever arrives as an action (a log entry,
 * a message, a bug's garbage) is answered with a code, and the rules only ever see well-formed infos.
 *
 * - `not_actable`: one of the action ids of RULES §4.1 that this game does not handle (`pause`, `resume`,
 *   `stop`), whatever its info.
 * - `invalid_payload`: anything else that is not a handled action of the shape of RULES §4.1: not an object,
 *   an unknown id, a missing or non-object info, a missing, unknown or wrongly typed field, a country
 *   outside 0..3, a coordinate that is not a whole number ≥ 0, a bonus that is not a finite number,
 *   a generate side or seed that is not a number.
 *
 * Whether a well-formed action is allowed now stays the rules' decision, with their own codes: a tile
 * past the map's edge, map sides or a seed out of range, a country that is not in the game.
 */
import { ACTION_IDS } from '../constants.js';
import { ok, refuse, type Result, type RuleError } from '../types.js';
import type { GameAction } from './types.js';

/** A JSON-like object: its fields are still unchecked. */
type Fields = { readonly [key: string]: unknown };

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The first own key of `value` that is none of the allowed ones, if any. for…in with fixed arity rather
 * than `Object.keys` and a list: this runs for every action folded.
 */
function unknownKey(value: Fields, a?: string, b?: string, c?: string, d?: string): string | undefined {
  for (const key in value) {
    if (key !== a && key !== b && key !== c && key !== d && Object.hasOwn(value, key)) return key;
  }
  return undefined;
}

/** Raw text for a message, cut short: it may be anything a client sent. */
function cut(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
const quote = (text: string) => JSON.stringify(cut(text));

const unknownField = (id: string, key: string) => `${id} has no field ${quote(key)}.`;

function countryProblem(id: string, country: unknown): string | null {
  return country === 0 || country === 1 || country === 2 || country === 3
    ? null
    : `${id} needs a country id from 0 to 3.`;
}

function coordinateProblem(id: string, name: string, value: unknown): string | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
    ? null
    : `${id} needs ${name} to be a whole number ≥ 0.`;
}

function posProblem(id: string, name: string, pos: unknown): string | null {
  if (!isFields(pos)) return `${id} needs ${name} as a tile position {x, y}.`;
  const extra = unknownKey(pos, 'x', 'y');
  if (extra !== undefined) return `${id} needs ${name} as a tile position {x, y}, without ${quote(extra)}.`;
  return coordinateProblem(id, `${name}.x`, pos.x) ?? coordinateProblem(id, `${name}.y`, pos.y);
}

function countryInfoProblem(id: string, info: Fields): string | null {
  const extra = unknownKey(info, 'country');
  if (extra !== undefined) return unknownField(id, extra);
  return countryProblem(id, info.country);
}

/**
 * Each handled action's info check: the problem with `info`, or null when it has the shape of RULES §4.1.
 * Keyed by the handled ids, so a new action does not compile until its shape is checked here.
 */
const INFO_PROBLEMS: { readonly [Id in GameAction['id']]: (info: Fields) => string | null } = {
  start(info) {
    const extra = unknownKey(info);
    return extra === undefined ? null : unknownField('start', extra);
  },
  next_turn: (info) => countryInfoProblem('next_turn', info),
  add_country: (info) => countryInfoProblem('add_country', info),
  remove_country: (info) => countryInfoProblem('remove_country', info),
  generate(info) {
    const extra = unknownKey(info, 'w', 'h', 'seed');
    if (extra !== undefined) return unknownField('generate', extra);
    // Only the types: whole numbers in range are generate's own rule (with its own message).
    for (const name of ['w', 'h', 'seed'] as const) {
      if (typeof info[name] !== 'number') return `generate needs ${name} to be a number.`;
    }
    return null;
  },
  place_banner(info) {
    const extra = unknownKey(info, 'country', 'x', 'y');
    if (extra !== undefined) return unknownField('place_banner', extra);
    return (
      countryProblem('place_banner', info.country) ??
      coordinateProblem('place_banner', 'x', info.x) ??
      coordinateProblem('place_banner', 'y', info.y)
    );
  },
  move_unit(info) {
    const extra = unknownKey(info, 'country', 'from', 'to', 'bonus');
    if (extra !== undefined) return unknownField('move_unit', extra);
    const bonus = info.bonus;
    if (bonus !== undefined && !(typeof bonus === 'number' && Number.isFinite(bonus))) {
      return 'move_unit needs bonus, when there is one, to be a finite number.';
    }
    return (
      countryProblem('move_unit', info.country) ??
      posProblem('move_unit', 'from', info.from) ??
      posProblem('move_unit', 'to', info.to)
    );
  },
};

/**
 * A short name for whatever was offered as an action, safe to put in a message: its id when that is
 * text (cut short), else "an action without an id". Never throws.
 */
export function actionLabel(raw: unknown): string {
  const id = isFields(raw) ? raw.id : undefined;
  return typeof id === 'string' ? cut(id) : 'an action without an id';
}

const isActionId = (id: string) => (ACTION_IDS as readonly string[]).includes(id);

/**
 * Checks that `raw` is a handled action of the shape of RULES §4.1 and returns it as one (the same
 * object, not a copy); `not_actable` for RULES §4.1 ids the game does not handle, else `invalid_payload`.
 * Never throws, whatever the value (short of a getter or a proxy that throws by itself).
 */
export function parseAction(raw: unknown): Result<GameAction, RuleError> {
  if (!isFields(raw)) return refuse('invalid_payload', 'An action is an object {id, info}.');
  const id = raw.id;
  if (typeof id !== 'string') return refuse('invalid_payload', 'An action needs an id.');
  // hasOwn, not `in` or a bare lookup: ids such as "__proto__" or "toString" are not actions.
  if (!Object.hasOwn(INFO_PROBLEMS, id)) {
    return isActionId(id)
      ? refuse('not_actable', `This game does not handle the ${id} action.`)
      : refuse('invalid_payload', `There is no action ${quote(id)}.`);
  }
  const extra = unknownKey(raw, 'id', 'info');
  if (extra !== undefined)
    return refuse('invalid_payload', `An action has only an id and an info, not ${quote(extra)}.`);
  const info = raw.info;
  if (!isFields(info)) return refuse('invalid_payload', `${id} needs an info object.`);
  const problem = INFO_PROBLEMS[id as GameAction['id']](info);
  return problem === null ? ok(raw as GameAction) : refuse('invalid_payload', problem);
}
