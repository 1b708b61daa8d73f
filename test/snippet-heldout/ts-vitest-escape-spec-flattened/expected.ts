import { expect, test } from "vitest";
import * as entities from "./index.js";

test("escapeAttribute escapes quotes, ampersands and non-breaking spaces", () => {
    expect(entities.escapeAttribute('<a " attr > & value \u00A0!')).toBe(
        "<a &quot; attr > &amp; value &nbsp;!",
    );
});

test("escapeText escapes angle brackets, ampersands and non-breaking spaces", () => {
    expect(entities.escapeText('<a " text > & value \u00A0!')).toBe(
        '&lt;a " text &gt; &amp; value &nbsp;!',
    );
});

test("escapeText leaves quotes alone", () => {
    expect(entities.escapeText(`'"`)).toBe(`'"`);
});
