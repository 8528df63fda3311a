/**
 * The app runs under a Content-Security-Policy without 'unsafe-eval' (the server's security headers).
 * zod 4 probes `new Function` once to compile faster parsers; under the policy the probe fails and
 * Chromium reports it as a violation, so zod is told up front to parse without compiling (what it falls
 * back to under the policy anyway). Imported first in main.tsx, before anything parses.
 */
import { config } from 'zod';

config({ jitless: true });
