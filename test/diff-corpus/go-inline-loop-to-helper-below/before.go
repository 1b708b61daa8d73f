func Summarize(scores []int) string {
	if len(scores) == 0 {
		return "no scores"
	}
	sum := 0
	for _, s := range scores {
		sum += s
	}
	mean := float64(sum) / float64(len(scores))
	return fmt.Sprintf("%d scores, mean %.1f", len(scores), mean)
}
