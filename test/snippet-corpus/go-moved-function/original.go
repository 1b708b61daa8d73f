package main

import (
	"fmt"
	"os"
	"strings"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: greet NAME")
		os.Exit(2)
	}
	fmt.Println(greeting(os.Args[1]))
}

func greeting(name string) string {
	return "Hello, " + strings.TrimSpace(name) + "!"
}

const version = "1.2.0"
