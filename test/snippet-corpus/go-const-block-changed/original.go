package limits

import "time"

const (
	MaxUploadBytes = 10 << 20
	MaxFiles       = 20
	UploadTimeout  = 30 * time.Second
)

func Allowed(size int64, files int) bool {
	return size <= MaxUploadBytes && files <= MaxFiles
}
