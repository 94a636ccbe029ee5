module github.com/locator-url/locator

go 1.26
