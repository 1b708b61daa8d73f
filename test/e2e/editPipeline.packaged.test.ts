import { packagedSidecar } from '../harness/packaged.js';
import { editPipelineScenarios } from './editPipelineScenarios.js';

editPipelineScenarios('edit pipeline (packaged executable)', (settings) => packagedSidecar(settings));
