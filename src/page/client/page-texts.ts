import type { PageLanguage } from './page-language.js';

/** Every text of the page that the API does not translate itself, in both languages. */
export interface PageTexts {
  readonly title: string;
  readonly intro: string;
  readonly indexLabel: string;
  readonly languageLabel: string;
  readonly languageNames: Readonly<Record<PageLanguage, string>>;
  readonly mapLabel: string;
  readonly zoomIn: string;
  readonly zoomOut: string;
  readonly resetView: string;
  readonly mapHelp: string;
  readonly tilesUnavailable: string;
  /** The label of the line of followed sources' credits under the map. */
  readonly dataSources: string;
  readonly legendTitle: string;
  readonly keyLabel: string;
  readonly keyButton: string;
  readonly keyNeeded: string;
  readonly keyRejected: string;
  readonly close: string;
  readonly loading: string;
  readonly coloured: (done: number, total: number) => string;
  readonly rateLimited: (wait: string) => string;
  readonly unavailable: (wait: string) => string;
  readonly failed: (status: number) => string;
  readonly unreachable: string;
  readonly seconds: (count: number) => string;
  readonly minutes: (count: number) => string;
  readonly hours: (count: number) => string;
  readonly markLabel: (address: string, level: string) => string;
  readonly noData: string;
  readonly network: string;
  readonly thirdParty: string;
  readonly sponsor: string;
  readonly elevation: string;
  readonly source: string;
  readonly indexValue: string;
  readonly currentValues: string;
  readonly who: string;
  readonly chartTitle: string;
  readonly history: string;
  readonly forecast: string;
  readonly now: string;
  readonly chartNote: string;
  readonly pointTitle: string;
  readonly pointNote: (count: number, radiusKm: number) => string;
  readonly pointNone: string;
}

function polishPlural(count: number, one: string, few: string, many: string): string {
  if (count === 1) return one;
  const tens = count % 100;
  const units = count % 10;
  return units >= 2 && units <= 4 && (tens < 12 || tens > 14) ? few : many;
}

const EN: PageTexts = Object.freeze<PageTexts>({
  title: 'airq: air quality now',
  intro:
    'Every installation coloured by its current index. Choose one for its last and next 24 hours.',
  indexLabel: 'Index',
  languageLabel: 'Language',
  languageNames: Object.freeze({ en: 'English', pl: 'polski' }),
  mapLabel: 'Map of the installations',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  resetView: 'Whole network',
  mapHelp:
    'Drag or use the arrow keys to move, the wheel or + and − to zoom. Click an empty place for its interpolated values.',
  tilesUnavailable:
    'The map tiles could not be loaded (no internet?): the installations, the network’s outline and the scale are drawn without them.',
  dataSources: 'Data:',
  legendTitle: 'Levels',
  keyLabel: 'API key',
  keyButton: 'Use key',
  keyNeeded:
    'This page needs an API key of this server. Enter it, or open the page as /#key=YOUR_KEY.',
  keyRejected: 'The server did not accept this API key (401). Enter another one.',
  close: 'Close',
  loading: 'Loading…',
  coloured: (done, total) => `${done} of ${total} installations coloured.`,
  rateLimited: (wait) => `Request limit of this key reached (429). The page goes on in ${wait}.`,
  unavailable: (wait) => `The service is unavailable just now (503). Trying again in ${wait}.`,
  failed: (status) => `The server answered with an error (${status}).`,
  unreachable: 'The server cannot be reached.',
  seconds: (count) => `${count} ${count === 1 ? 'second' : 'seconds'}`,
  minutes: (count) => `${count} ${count === 1 ? 'minute' : 'minutes'}`,
  hours: (count) => `${count} ${count === 1 ? 'hour' : 'hours'}`,
  markLabel: (address, level) => `${address}: ${level}`,
  noData: 'no data yet',
  network: 'a device of the network',
  thirdParty: 'a third-party station',
  sponsor: 'Sponsor',
  elevation: 'Elevation',
  source: 'Kind',
  indexValue: 'Index value',
  currentValues: 'Now (average of the last 60 minutes)',
  who: 'of the WHO guideline',
  chartTitle: 'PM2.5 and PM10, last 24 hours and forecast for the next 24 (µg/m³)',
  history: 'measured',
  forecast: 'forecast',
  now: 'now',
  chartNote:
    'Each hour’s background has the colour of that hour’s index level. Forecast hours are dashed and lighter.',
  pointTitle: 'Interpolated values at this point',
  pointNote: (count, radiusKm) =>
    `An inverse-distance average of ${count} ${count === 1 ? 'installation' : 'installations'} within ${radiusKm} km (marked on the map), not a measurement.`,
  pointNone: 'No installation within range of this point: there are no values here.',
});

const PL: PageTexts = Object.freeze<PageTexts>({
  title: 'airq: jakość powietrza teraz',
  intro:
    'Każda instalacja w kolorze swojego bieżącego indeksu. Wybierz jedną, by zobaczyć jej ostatnie i najbliższe 24 godziny.',
  indexLabel: 'Indeks',
  languageLabel: 'Język',
  languageNames: Object.freeze({ en: 'English', pl: 'polski' }),
  mapLabel: 'Mapa instalacji',
  zoomIn: 'Przybliż',
  zoomOut: 'Oddal',
  resetView: 'Cała sieć',
  mapHelp:
    'Przeciągnij lub użyj strzałek, by przesunąć mapę, a kółka myszy albo + i −, by ją przybliżyć. Kliknij puste miejsce, by poznać interpolowane wartości.',
  tilesUnavailable:
    'Nie udało się wczytać podkładu mapy (brak internetu?): instalacje, obrys sieci i skala są narysowane bez niego.',
  dataSources: 'Dane:',
  legendTitle: 'Poziomy',
  keyLabel: 'Klucz API',
  keyButton: 'Użyj klucza',
  keyNeeded:
    'Ta strona potrzebuje klucza API tego serwera. Wpisz go albo otwórz stronę jako /#key=TWÓJ_KLUCZ.',
  keyRejected: 'Serwer nie przyjął tego klucza API (401). Wpisz inny.',
  close: 'Zamknij',
  loading: 'Wczytywanie…',
  coloured: (done, total) => `Pokolorowano ${done} z ${total} instalacji.`,
  rateLimited: (wait) =>
    `Wyczerpano limit zapytań tego klucza (429). Strona wznowi pracę za ${wait}.`,
  unavailable: (wait) => `Usługa jest chwilowo niedostępna (503). Ponowna próba za ${wait}.`,
  failed: (status) => `Serwer odpowiedział błędem (${status}).`,
  unreachable: 'Nie można połączyć się z serwerem.',
  seconds: (count) => `${count} ${polishPlural(count, 'sekundę', 'sekundy', 'sekund')}`,
  minutes: (count) => `${count} ${polishPlural(count, 'minutę', 'minuty', 'minut')}`,
  hours: (count) => `${count} ${polishPlural(count, 'godzinę', 'godziny', 'godzin')}`,
  markLabel: (address, level) => `${address}: ${level}`,
  noData: 'jeszcze bez danych',
  network: 'urządzenie sieci',
  thirdParty: 'stacja innego podmiotu',
  sponsor: 'Sponsor',
  elevation: 'Wysokość',
  source: 'Rodzaj',
  indexValue: 'Wartość indeksu',
  currentValues: 'Teraz (średnia z ostatnich 60 minut)',
  who: 'normy WHO',
  chartTitle: 'PM2.5 i PM10: ostatnie 24 godziny i prognoza na kolejne 24 (µg/m³)',
  history: 'pomiar',
  forecast: 'prognoza',
  now: 'teraz',
  chartNote:
    'Tło każdej godziny ma kolor poziomu indeksu w tej godzinie. Godziny prognozy są przerywane i jaśniejsze.',
  pointTitle: 'Wartości interpolowane w tym punkcie',
  pointNote: (count, radiusKm) =>
    `Średnia ważona odległością z ${count} instalacji w promieniu ${radiusKm} km (zaznaczonych na mapie), a nie pomiar.`,
  pointNone: 'W zasięgu tego punktu nie ma żadnej instalacji: brak wartości.',
});

/** The page's texts in each language. */
export const PAGE_TEXTS: Readonly<Record<PageLanguage, PageTexts>> = Object.freeze({
  en: EN,
  pl: PL,
});

/**
 * A wait in words, rounded up to whole seconds, minutes (from 2 minutes) or hours (from 2
 * hours), so a 429's `Retry-After` reads as "43 seconds" or "14 hours".
 *
 * @example
 * waitText(PAGE_TEXTS.en, 43); // → '43 seconds'
 * waitText(PAGE_TEXTS.pl, 50_400); // → '14 godzin'
 */
export function waitText(texts: PageTexts, seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 120) return texts.seconds(whole);
  if (whole < 7200) return texts.minutes(Math.ceil(whole / 60));
  return texts.hours(Math.ceil(whole / 3600));
}
