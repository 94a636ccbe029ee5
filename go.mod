module github.com/locator-url/locator

go 1.26

require (
	github.com/nlnwa/whatwg-url v0.6.2
	github.com/schollz/progressbar/v3 v3.19.1
	github.com/spf13/cobra v1.8.1
	golang.org/x/net v0.35.0
	golang.org/x/term v0.44.0
	golang.org/x/text v0.22.0
)

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	github.com/spf13/pflag v1.0.5 // indirect
	golang.org/x/sys v0.46.0 // indirect
)
