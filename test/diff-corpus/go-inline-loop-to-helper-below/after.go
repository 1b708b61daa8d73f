func Summarize(scores []int) string {
	if len(scores) == 0 {
		return "no scores"
	}
	mean := float64(sum(scores)) / float64(len(scores))
	return fmt.Sprintf("%d scores, mean %.1f", len(scores), mean)
}

func sum(values []int) int {
	total := 0
	for _, v := range values {
		total += v
	}
	return total
}
