// Builders of hourly series for the assessment tests, written with Date.UTC so they do not share
// any arithmetic with src/assessment.

const MS_PER_HOUR = 3_600_000;

/** A mutable hourly series covering whole years `fromYear` … `tillYear`, every hour `fill`. */
export class HourlyBuilder {
  readonly startMs: number;
  readonly values: Float64Array;

  constructor(fromYear: number, tillYear: number, fill: number) {
    this.startMs = Date.UTC(fromYear, 0, 1);
    const hours = (Date.UTC(tillYear + 1, 0, 1) - this.startMs) / MS_PER_HOUR;
    this.values = new Float64Array(hours).fill(fill);
  }

  /** Index of the hour starting at UTC `year-month(1-12)-day hour:00`. */
  index(year: number, month: number, day: number, hour = 0): number {
    return (Date.UTC(year, month - 1, day, hour) - this.startMs) / MS_PER_HOUR;
  }

  /** Sets hours `fromHour … tillHour − 1` of the given day. */
  setHours(
    year: number,
    month: number,
    day: number,
    fromHour: number,
    tillHour: number,
    value: number,
  ): this {
    const at = this.index(year, month, day);
    for (let h = fromHour; h < tillHour; h++) this.values[at + h] = value;
    return this;
  }

  /** Sets every hour of `days` consecutive days from the given one. */
  setDays(year: number, month: number, day: number, days: number, value: number): this {
    const at = this.index(year, month, day);
    this.values.fill(value, at, at + days * 24);
    return this;
  }

  /** Sets every hour from one UTC date (inclusive) to another (exclusive). */
  setRange(fromMs: number, tillMs: number, value: number): this {
    this.values.fill(
      value,
      (fromMs - this.startMs) / MS_PER_HOUR,
      (tillMs - this.startMs) / MS_PER_HOUR,
    );
    return this;
  }

  get series(): { startMs: number; values: Float64Array } {
    return { startMs: this.startMs, values: this.values };
  }
}
