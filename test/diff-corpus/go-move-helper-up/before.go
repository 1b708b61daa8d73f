package text

import "strings"

func Wrap(text string, width int) []string {
	var lines []string
	var current []string
	length := 0
	for _, word := range strings.Fields(text) {
		if length+len(word)+len(current) > width && len(current) > 0 {
			lines = append(lines, join(current))
			current = nil
			length = 0
		}
		current = append(current, word)
		length += len(word)
	}
	if len(current) > 0 {
		lines = append(lines, join(current))
	}
	return lines
}

func join(words []string) string {
	return strings.Join(words, " ")
}
