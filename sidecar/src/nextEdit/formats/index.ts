/** The next-edit prompt families by name. */
import type { NextEditFamily, NextEditFormat } from '../format.js';
import { INSTINCT } from './instinct.js';
import { INSTRUCT } from './instruct.js';
import { SWEEP } from './sweep.js';
import { ZETA } from './zeta.js';

export const FORMATS: Record<NextEditFamily, NextEditFormat> = { sweep: SWEEP, zeta: ZETA, instinct: INSTINCT, instruct: INSTRUCT };
