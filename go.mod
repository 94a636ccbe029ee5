module github.com/locator-url/locator

go 1.26

require (
	github.com/nlnwa/whatwg-url v0.6.2
	github.com/spf13/cobra v1.8.1
	golang.org/x/net v0.35.0
)

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/spf13/pflag v1.0.5 // indirect
	golang.org/x/text v0.22.0 // indirect
)
