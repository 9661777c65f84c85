// Sensor.Community's five-minute file is one JSON array of some 20 MB. Parsing it whole would
// hold the text and every parsed element at once; this splitter cuts the array into the text
// of its elements as the chunks arrive, so a reader parses one element at a time and keeps
// only what it needs. It tracks strings (with their escapes) and the nesting depth, and no
// more: each element's text is checked by `JSON.parse` afterwards, so the splitter only has to
// find where elements end, and anything it lets through that is not JSON fails there.

// Where the splitter is in the array. Plain numbers: the scan compares them once per character.
/** Before the opening `[`. */
const START = 0;
/** After `[`: an element or `]`. */
const FIRST = 1;
/** After a `,`: an element. */
const NEXT = 2;
/** Inside an element. */
const ELEMENT = 3;
/** After the closing `]`: white space only. */
const DONE = 4;
type State = typeof START | typeof FIRST | typeof NEXT | typeof ELEMENT | typeof DONE;

function isWhiteSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/**
 * Splits the text of a top-level JSON array, fed in chunks cut anywhere, into the text of its
 * elements. Holds at most the unfinished element plus the chunk being scanned: its
 * {@link JsonArraySplitter.peakBufferedChars} never exceeds the longest element plus the
 * longest chunk. Structural errors (no `[`, a `,` or `]` out of place, text after the array,
 * an element still unfinished after more than `maxElementChars`) throw a `SyntaxError`; an element's own syntax is
 * left to the caller's `JSON.parse`.
 *
 * @example
 * const splitter = new JsonArraySplitter(1024);
 * const texts: string[] = [];
 * splitter.push('[{"a": [1, "]"]}, 2', (text) => texts.push(text));
 * splitter.push(']', (text) => texts.push(text));
 * splitter.end();
 * texts; // ['{"a": [1, "]"]}', '2']
 */
export class JsonArraySplitter {
  readonly #maxElementChars: number;
  #state: State = START;
  /** Unconsumed text: the unfinished element, from its first character. */
  #text = '';
  /** Where scanning resumes in `#text`. */
  #scanned = 0;
  #depth = 0;
  #inString = false;
  #escaped = false;
  #peak = 0;

  /** @param maxElementChars - the longest element accepted, in UTF-16 code units */
  constructor(maxElementChars: number) {
    this.#maxElementChars = maxElementChars;
  }

  /** The most text held at once so far, in UTF-16 code units. */
  get peakBufferedChars(): number {
    return this.#peak;
  }

  /**
   * Scans one more chunk and calls `emit` with the text of every element it completes, in
   * order, from its first character (white space after it may be part of its text).
   *
   * @throws SyntaxError when the text cannot be the start of a JSON array of elements
   */
  push(chunk: string, emit: (elementText: string) => void): void {
    const text = this.#text + chunk;
    this.#peak = Math.max(this.#peak, text.length);
    // Where the current element starts in `text`: #text holds an unfinished one from its start.
    let start = this.#state === ELEMENT ? 0 : -1;
    for (let i = this.#scanned; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (this.#state !== ELEMENT) {
        if (isWhiteSpace(code)) continue;
        if (this.#outside(code)) start = i;
      } else if (this.#inString) {
        if (this.#escaped) {
          this.#escaped = false;
          continue;
        }
        // Straight to the quote that closes the string, in one search instead of a look at
        // each of its characters: splitting a 20 MB file took 91 ms, now 51–57
        // (bench/follow-splitter.bench.ts).
        const quote = closingQuote(text, i);
        if (quote === -1) {
          this.#escaped = oddBackslashesBefore(text, text.length, i);
          i = text.length;
        } else {
          this.#inString = false;
          i = quote;
        }
      } else if (code === 0x22) this.#inString = true;
      else if (code === 0x7b || code === 0x5b) this.#depth++;
      else if (code === 0x7d || code === 0x5d) {
        if (this.#depth > 0) this.#depth--;
        else if (code === 0x7d) throw new SyntaxError('an unmatched } in an element');
        else {
          emit(text.slice(start, i));
          this.#state = DONE;
        }
      } else if (code === 0x2c && this.#depth === 0) {
        emit(text.slice(start, i));
        this.#state = NEXT;
      }
    }
    // Keep only the unfinished element (nothing when between elements).
    if (this.#state === ELEMENT) {
      this.#text = text.slice(start);
      if (this.#text.length > this.#maxElementChars) {
        throw new SyntaxError(`an element longer than ${this.#maxElementChars} characters`);
      }
    } else this.#text = '';
    this.#scanned = this.#text.length;
  }

  /**
   * Says the text is complete.
   *
   * @throws SyntaxError unless the array was closed
   */
  end(): void {
    if (this.#state !== DONE) {
      throw new SyntaxError(
        this.#state === START ? 'no JSON array' : 'the array ends before its closing ]',
      );
    }
  }

  /**
   * A character outside every element (not white space): the array's own punctuation, or the
   * first character of an element.
   *
   * @returns whether an element starts at this character
   */
  #outside(code: number): boolean {
    switch (this.#state) {
      case START:
        if (code !== 0x5b) throw new SyntaxError(`expected [ at the start, got ${charAt(code)}`);
        this.#state = FIRST;
        return false;
      case FIRST:
        if (code === 0x5d) {
          this.#state = DONE;
          return false;
        }
        if (code === 0x2c) throw new SyntaxError('expected an element or ] after [, got ","');
        break;
      case NEXT:
        if (code === 0x5d || code === 0x2c) {
          throw new SyntaxError(`expected an element after a comma, got ${charAt(code)}`);
        }
        break;
      default:
        throw new SyntaxError(`expected nothing after the array, got ${charAt(code)}`);
    }
    this.#state = ELEMENT;
    this.#depth = code === 0x7b || code === 0x5b ? 1 : 0;
    this.#inString = code === 0x22;
    this.#escaped = false;
    return true;
  }
}

/**
 * Where the JSON string that runs from `from` (just after its opening quote, or after an escape
 * already taken) closes: the next quote behind an even run of backslashes that began at `from`
 * or later, or -1 when the text ends first. The one rule of this folder for where a string
 * ends (the splitter's, and the precheck's walk to the location).
 *
 * @example
 * closingQuote('"a\\"b"', 1); // 5: the quote after the backslash belongs to the string
 */
export function closingQuote(text: string, from: number): number {
  for (let quote = text.indexOf('"', from); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    if (!oddBackslashesBefore(text, quote, from)) return quote;
  }
  return -1;
}

// Whether an odd number of backslashes stand right before `end`, counting none before `from`.
function oddBackslashesBefore(text: string, end: number, from: number): boolean {
  let at = end;
  while (at > from && text.charCodeAt(at - 1) === 0x5c) at--;
  return (end - at) % 2 === 1;
}

function charAt(code: number): string {
  return JSON.stringify(String.fromCharCode(code));
}
