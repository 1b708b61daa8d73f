import { inProcessSidecar } from '../harness/inProcess.js';
import { editPipelineScenarios } from './editPipelineScenarios.js';

editPipelineScenarios('edit pipeline (in-process server)', (settings) => inProcessSidecar(settings));
