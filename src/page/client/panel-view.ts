import type {
  AveragedValues,
  IndexValue,
  Installation,
  Measurements,
  MeasurementTypeMeta,
} from '../../model/api-types.js';
import type { PointMeasurements } from './api-client.js';
import { chartData } from './chart-data.js';
import { drawHistoryChart } from './history-chart.js';
import { addressLine, formatNumber } from './installation-text.js';
import type { PageTexts } from './page-texts.js';

type Child = Node | string;

/** A small element builder: tag, attributes, children (strings become text, never HTML). */
export function h(
  tag: string,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** A colour square; its colour is set through the CSSOM, which the page's CSP allows. */
export function swatch(color: string): HTMLElement {
  const element = h('span', { class: 'swatch', 'aria-hidden': 'true' });
  element.style.backgroundColor = color;
  return element;
}

function indexBlock(
  index: IndexValue | undefined,
  texts: PageTexts,
  language: string,
): HTMLElement {
  if (index === undefined) return h('p', {}, texts.noData);
  const value = index.value === null ? '–' : formatNumber(index.value, language);
  return h(
    'section',
    { class: 'index', 'data-testid': 'panel-index' },
    h(
      'p',
      { class: 'index-head' },
      swatch(index.color),
      h('strong', {}, index.description),
      ` · ${texts.indexValue} ${index.name}: ${value}`,
    ),
    ...(index.advice === null ? [] : [h('p', { class: 'advice' }, index.advice)]),
  );
}

function valuesTable(
  current: AveragedValues,
  measurementTypes: readonly MeasurementTypeMeta[],
  texts: PageTexts,
  language: string,
): HTMLElement {
  const rows = current.values.map((value) => {
    const type = measurementTypes.find((candidate) => candidate.name === value.name);
    const standard = current.standards.find((candidate) => candidate.pollutant === value.name);
    return h(
      'tr',
      {},
      h('th', { scope: 'row' }, type?.label ?? value.name),
      h('td', {}, `${formatNumber(value.value, language)} ${type?.unit ?? ''}`.trim()),
      h(
        'td',
        {},
        standard === undefined
          ? ''
          : `${formatNumber(standard.percent, language, 0)}% ${texts.who}`,
      ),
    );
  });
  return h(
    'table',
    { class: 'values', 'data-testid': 'panel-values' },
    h('caption', {}, texts.currentValues),
    h('tbody', {}, ...rows),
  );
}

/** What the panel needs besides the payload. */
export interface PanelContext {
  readonly texts: PageTexts;
  readonly language: string;
  readonly measurementTypes: readonly MeasurementTypeMeta[];
  readonly onClose: () => void;
}

/**
 * The side panel (`data-testid="panel"`): an installation's details, current index, current
 * values with WHO percentages and the 48-hour chart, or a clicked point's interpolated values.
 */
export class PanelView {
  readonly element: HTMLElement;
  #chart: { destroy(): void } | undefined;

  constructor(element: HTMLElement) {
    this.element = element;
  }

  close(): void {
    this.#chart?.destroy();
    this.#chart = undefined;
    this.element.hidden = true;
    this.element.replaceChildren();
  }

  #open(context: PanelContext, heading: string, ...content: HTMLElement[]): void {
    this.close();
    const close = h(
      'button',
      { type: 'button', class: 'close', 'aria-label': context.texts.close },
      '×',
    );
    close.addEventListener('click', context.onClose);
    this.element.append(
      h('div', { class: 'panel-head' }, h('h2', { id: 'panel-title' }, heading), close),
      ...content,
    );
    this.element.hidden = false;
  }

  #chartFigure(payload: Measurements, context: PanelContext): HTMLElement {
    const data = chartData(payload);
    const plot = h('div', { class: 'plot' });
    const figure = h(
      'figure',
      { class: 'chart', 'data-testid': 'chart', 'data-hours': String(data.hours) },
      h('figcaption', {}, context.texts.chartTitle),
      plot,
      h('p', { class: 'note' }, context.texts.chartNote),
    );
    // The chart is drawn once the panel is in the page and has a width.
    queueMicrotask(() => {
      const width = Math.max(280, plot.clientWidth || 360);
      this.#chart = drawHistoryChart(plot, data, context.texts, context.language, width);
    });
    return figure;
  }

  /** Shows an installation. */
  showInstallation(installation: Installation, payload: Measurements, context: PanelContext): void {
    const { texts, language } = context;
    const details = h(
      'dl',
      { class: 'details' },
      h('dt', {}, texts.source),
      h('dd', {}, installation.vendor ? texts.network : texts.thirdParty),
      h('dt', {}, texts.sponsor),
      h('dd', {}, installation.sponsor.name),
      h('dt', {}, texts.elevation),
      h('dd', {}, `${formatNumber(installation.elevation, language, 0)} m`),
    );
    this.#open(
      context,
      addressLine(installation),
      details,
      indexBlock(payload.current.indexes[0], texts, language),
      valuesTable(payload.current, context.measurementTypes, texts, language),
      this.#chartFigure(payload, context),
    );
    this.element.dataset.installationId = String(installation.id);
    delete this.element.dataset.latitude;
    delete this.element.dataset.longitude;
  }

  /** Shows the interpolated values at a point. */
  showPoint(
    latitude: number,
    longitude: number,
    payload: PointMeasurements,
    context: PanelContext,
  ): void {
    const { texts, language } = context;
    const contributors = payload.interpolation?.contributors.length ?? 0;
    const where = `${formatNumber(latitude, language, 5)}, ${formatNumber(longitude, language, 5)}`;
    const note =
      contributors === 0
        ? h('p', { class: 'note' }, texts.pointNone)
        : h(
            'p',
            { class: 'note' },
            texts.pointNote(contributors, payload.interpolation?.radiusKm ?? 1.5),
          );
    this.#open(
      context,
      `${texts.pointTitle} (${where})`,
      note,
      indexBlock(payload.current.indexes[0], texts, language),
      valuesTable(payload.current, context.measurementTypes, texts, language),
      this.#chartFigure(payload, context),
    );
    delete this.element.dataset.installationId;
    this.element.dataset.latitude = String(latitude);
    this.element.dataset.longitude = String(longitude);
  }
}
