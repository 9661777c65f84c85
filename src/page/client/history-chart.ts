import uPlot from 'uplot';
import type { ChartData } from './chart-data.js';
import type { PageTexts } from './page-texts.js';

const PM25_COLOR = '#1d3f8f';
const PM10_COLOR = '#7a2e0e';
// Opacity of an hour's level colour behind the lines: history, then the (lighter) forecast.
const HISTORY_BAND_ALPHA = 0.45;
const FORECAST_BAND_ALPHA = 0.2;

function hourLabel(timeZone: string | undefined, language: string) {
  const format = new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  return (_u: uPlot, values: number[]) => values.map((value) => format.format(value * 1000));
}

/**
 * Draws the 48 hours of PM2.5 and PM10 into `container` with uPlot: solid lines for the
 * measured hours, dashed for the forecast, and behind them each hour's index level colour
 * (paler over the forecast) with a line at "now". Returns the chart, to be destroyed when the
 * panel closes.
 */
export function drawHistoryChart(
  container: HTMLElement,
  data: ChartData,
  texts: PageTexts,
  language: string,
  widthPx: number,
): uPlot {
  const drawBands = (u: uPlot) => {
    const { ctx } = u;
    const { top, height } = u.bbox;
    ctx.save();
    for (let i = 0; i < data.hours; i++) {
      const color = data.levelColors[i];
      if (color === undefined) continue;
      const left = u.valToPos(data.hourStartSec[i]!, 'x', true);
      const right = u.valToPos(data.hourEndSec[i]!, 'x', true);
      ctx.globalAlpha =
        data.hourStartSec[i]! >= data.forecastStartSec ? FORECAST_BAND_ALPHA : HISTORY_BAND_ALPHA;
      ctx.fillStyle = color;
      ctx.fillRect(left, top, right - left, height);
    }
    ctx.globalAlpha = 1;
    const now = Math.round(u.valToPos(data.forecastStartSec, 'x', true));
    ctx.strokeStyle = '#222';
    ctx.lineWidth = 1 * devicePixelRatio;
    ctx.beginPath();
    ctx.moveTo(now, top);
    ctx.lineTo(now, top + height);
    ctx.stroke();
    ctx.fillStyle = '#222';
    ctx.font = `${11 * devicePixelRatio}px sans-serif`;
    ctx.fillText(
      `${texts.now} → ${texts.forecast}`,
      now + 4 * devicePixelRatio,
      top + 12 * devicePixelRatio,
    );
    ctx.restore();
  };
  const first = data.hourStartSec[0] ?? 0;
  const last = data.hourEndSec.at(-1) ?? first + 3600;
  const options: uPlot.Options = {
    width: widthPx,
    height: 220,
    scales: {
      x: { time: true, range: [first, last] },
      y: { range: (_u, _min, max) => [0, Math.max(10, max * 1.1)] },
    },
    axes: [
      { values: hourLabel(undefined, language), space: 60 },
      { label: 'µg/m³', size: 50 },
    ],
    series: [
      {},
      { label: `PM2.5 ${texts.history}`, stroke: PM25_COLOR, width: 2 },
      { label: `PM2.5 ${texts.forecast}`, stroke: PM25_COLOR, width: 2, dash: [6, 4] },
      { label: `PM10 ${texts.history}`, stroke: PM10_COLOR, width: 2 },
      { label: `PM10 ${texts.forecast}`, stroke: PM10_COLOR, width: 2, dash: [6, 4] },
    ],
    hooks: { drawClear: [drawBands] },
  };
  return new uPlot(
    options,
    [data.hourMidSec, data.pm25History, data.pm25Forecast, data.pm10History, data.pm10Forecast],
    container,
  );
}
