package config

import (
	"encoding/json"
	"os"
)

type Config struct {
	Port    int    `json:"port"`
	Host    string `json:"host"`
	Verbose bool   `json:"verbose"`
}

func Load(path string) *Config {
	data, _ := os.ReadFile(path)
	var cfg Config
	json.Unmarshal(data, &cfg)
	if cfg.Port == 0 {
		cfg.Port = 8080
	}
	if cfg.Host == "" {
		cfg.Host = "localhost"
	}
	return &cfg
}
