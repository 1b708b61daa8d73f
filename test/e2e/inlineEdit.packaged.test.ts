import { packagedSidecar } from '../harness/packaged.js';
import { inlineEditScenarios } from './inlineEditScenarios.js';

inlineEditScenarios('inline edit (packaged executable)', (settings) => packagedSidecar(settings));
