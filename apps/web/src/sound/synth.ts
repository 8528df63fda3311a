/** Plays a recipe with the Web Audio API: oscillators and filtered noise through short envelopes. */
import type { Noise, Tone, Voice } from './recipes';

const ATTACK_S = 0.008;
/** The gain an envelope decays toward (exponential ramps cannot reach zero). */
const FLOOR = 0.0001;

/** One shared buffer of white noise, made on first use. */
let noiseBuffer: AudioBuffer | null = null;
function noiseOf(ctx: BaseAudioContext): AudioBuffer {
  if (!noiseBuffer || noiseBuffer.sampleRate !== ctx.sampleRate) {
    noiseBuffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * 0.5), ctx.sampleRate);
    const data = noiseBuffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  }
  return noiseBuffer;
}

function envelope(ctx: BaseAudioContext, out: AudioNode, at: number, dur: number, peak: number): GainNode {
  const g = ctx.createGain();
  g.gain.setValueAtTime(FLOOR, at);
  g.gain.linearRampToValueAtTime(peak, at + ATTACK_S);
  g.gain.exponentialRampToValueAtTime(FLOOR, at + dur);
  g.connect(out);
  return g;
}

function playTone(ctx: BaseAudioContext, out: AudioNode, t0: number, v: Tone): void {
  const at = t0 + v.start;
  const osc = ctx.createOscillator();
  osc.type = v.wave;
  osc.frequency.setValueAtTime(v.freq, at);
  if (v.freqEnd !== undefined) osc.frequency.exponentialRampToValueAtTime(v.freqEnd, at + v.dur);
  osc.connect(envelope(ctx, out, at, v.dur, v.gain));
  osc.start(at);
  osc.stop(at + v.dur + 0.02);
}

function playNoise(ctx: BaseAudioContext, out: AudioNode, t0: number, v: Noise): void {
  const at = t0 + v.start;
  const src = ctx.createBufferSource();
  src.buffer = noiseOf(ctx);
  const band = ctx.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = v.band;
  band.Q.value = 1.2;
  src.connect(band);
  band.connect(envelope(ctx, out, at, v.dur, v.gain));
  src.start(at, Math.random() * 0.3);
  src.stop(at + v.dur + 0.02);
}

/** Schedules `voices` on `ctx`, `delay` seconds from now, at `volume` (0–1). */
export function playVoices(ctx: BaseAudioContext, voices: readonly Voice[], volume: number, delay = 0): void {
  const master = ctx.createGain();
  // Loudness is heard roughly on a log scale: a squared slider feels even.
  master.gain.value = volume * volume * 0.6;
  master.connect(ctx.destination);
  const t0 = ctx.currentTime + delay + 0.01;
  for (const v of voices) {
    if (v.kind === 'tone') playTone(ctx, master, t0, v);
    else playNoise(ctx, master, t0, v);
  }
}
