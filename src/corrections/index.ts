// `airq/corrections`: corrections of low-cost optical PM2.5 sensors against regulatory monitors
// (EPA's PurpleAir corrections, hygroscopic growth, your own colocation fit), the PurpleAir A/B
// channel check, and the agreement statistics to judge any of them by. Pure: typed arrays in
// and out, no clock, no I/O. The per-record step the store applies to averaging windows,
// `correctedPm25`, is internal and imported by path.

export {
  type ChannelPeriod,
  type CombineChannelsOptions,
  type CombinedChannels,
  combineChannels,
} from './combine-channels.js';
export { compareWithReference, type ReferenceComparison } from './compare-with-reference.js';
export { correctPm25, correctPm25Value } from './correct-pm25.js';
export {
  CORRECTION_METHODS,
  type CorrectionMethod,
  type CorrectionOptions,
  type LinearCoefficients,
} from './correction-options.js';
export {
  type FitLinearCorrectionOptions,
  fitLinearCorrection,
  type LinearFit,
} from './fit-linear-correction.js';
