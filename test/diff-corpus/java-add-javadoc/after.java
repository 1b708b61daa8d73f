package util;

/** Small string helpers with null-safe behaviour. */
public final class Strings {
    private Strings() {
    }

    /**
     * True for null, the empty string and strings of whitespace only.
     */
    public static boolean isBlank(String s) {
        return s == null || s.trim().isEmpty();
    }

    /**
     * The string with its first character in upper case; blank strings are returned as they are.
     */
    public static String capitalize(String s) {
        if (isBlank(s)) {
            return s;
        }
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /**
     * {@code s} repeated {@code times} times; empty when {@code times} is zero or less.
     */
    public static String repeat(String s, int times) {
        return s.repeat(Math.max(0, times));
    }
}
