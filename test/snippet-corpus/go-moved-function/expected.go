package main

import (
	"fmt"
	"os"
	"strings"
)

const version = "1.2.0"

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: greet NAME")
		os.Exit(2)
	}
	fmt.Println(greeting(os.Args[1]))
}

func greeting(name string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		name = "stranger"
	}
	return "Hello, " + name + "!"
}
