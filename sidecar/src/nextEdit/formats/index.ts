/** The next-edit prompt families by name. */
import type { NextEditFamily, NextEditFormat } from '../format.js';
import { INSTINCT } from './instinct.js';
import { INSTRUCT } from './instruct.js';
import { SWEEP } from './sweep.js';
import { SWEEP_V2 } from './sweepV2.js';
import { ZETA } from './zeta.js';

export const FORMATS: Record<NextEditFamily, NextEditFormat> = { sweep: SWEEP, 'sweep-v2': SWEEP_V2, zeta: ZETA, instinct: INSTINCT, instruct: INSTRUCT };
