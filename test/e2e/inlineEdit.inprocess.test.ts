import { inProcessSidecar } from '../harness/inProcess.js';
import { inlineEditScenarios } from './inlineEditScenarios.js';

inlineEditScenarios('inline edit (in-process server)', inProcessSidecar);
