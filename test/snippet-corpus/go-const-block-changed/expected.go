package limits

import "time"

const (
	MaxUploadBytes = 50 << 20
	MaxFiles       = 100
	UploadTimeout  = 2 * time.Minute
)

func Allowed(size int64, files int) bool {
	return size <= MaxUploadBytes && files <= MaxFiles
}
