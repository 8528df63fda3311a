/**
 * The offline bots' worker (ARCHITECTURE §7.5): plans one bot turn per message, off the page's main
 * thread, and answers with the turn's actions (or why it could not, and the page plans it instead).
 */
import { planHere, type PlanAnswer, type PlanMessage } from './bot-plan';

self.onmessage = (e: MessageEvent<PlanMessage>) => {
  const { id, request } = e.data;
  let answer: PlanAnswer;
  try {
    const started = performance.now();
    const actions = planHere(request);
    answer = { id, actions, thought: performance.now() - started };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(answer);
};
