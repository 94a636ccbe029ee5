package pct

// Table compiles up to 32 sets into one 256-entry table of bits, so that "is every byte of s
// in the set?" costs one table lookup and one AND per byte, with no branch: the fast path of a
// checker that looks at the bytes one by one only when the answer is no. The answers are exact:
// a byte is in a Class exactly when it is in the Set the Class was made from.
//
// The zero Table is empty and ready for Add. A Table is filled while a package's variables are
// initialized and only read afterwards; Add is not safe to call concurrently with lookups.
type Table struct {
	bits [256]uint32
	n    int
}

// Class is one set of a Table, made by [Table.Add]. A Class made otherwise (the zero Class, or
// a literal with only Set) belongs to no Table: its methods answer from Set, a byte at a time,
// with the same answers, and Bit is 0.
type Class struct {
	Set Set // the bytes of the class
	bit uint32
	t   *Table
}

// Add adds set to t as a new class and returns it. It panics when t already has 32 classes.
func (t *Table) Add(set Set) *Class {
	if t.n == 32 {
		panic("pct: a Table holds at most 32 classes")
	}
	k := &Class{Set: set, bit: 1 << t.n, t: t}
	t.n++
	for c := 0; c < 256; c++ {
		if set.Contains(byte(c)) {
			t.bits[c] |= k.bit
		}
	}
	return k
}

// Bits returns the bits of the classes of t that c belongs to.
func (t *Table) Bits(c byte) uint32 { return t.bits[c] }

// Common returns the bits of the classes of t that every byte of s belongs to (all bits for "").
func (t *Table) Common(s string) uint32 {
	a, b := ^uint32(0), ^uint32(0)
	i := 0
	for ; i+4 <= len(s); i += 4 {
		_ = s[i+3]
		a &= t.bits[s[i]] & t.bits[s[i+1]]
		b &= t.bits[s[i+2]] & t.bits[s[i+3]]
	}
	for ; i < len(s); i++ {
		a &= t.bits[s[i]]
	}
	return a & b
}

// Bit returns k's bit in the values of [Table.Bits] and [Table.Common].
func (k *Class) Bit() uint32 { return k.bit }

// All reports whether every byte of s is in k (true for "").
func (k *Class) All(s string) bool {
	if k.t == nil {
		return k.Set.IndexNotIn(s) < 0
	}
	bits := &k.t.bits
	a, b := k.bit, k.bit
	i := 0
	for ; i+4 <= len(s); i += 4 {
		_ = s[i+3]
		a &= bits[s[i]] & bits[s[i+1]]
		b &= bits[s[i+2]] & bits[s[i+3]]
	}
	for ; i < len(s); i++ {
		a &= bits[s[i]]
	}
	return a&b != 0
}

// Skip returns the index of the first byte of s that is not in k, or len(s).
func (k *Class) Skip(s string) int {
	if k.t == nil {
		if i := k.Set.IndexNotIn(s); i >= 0 {
			return i
		}
		return len(s)
	}
	bits := &k.t.bits
	for i := 0; i < len(s); i++ {
		if bits[s[i]]&k.bit == 0 {
			return i
		}
	}
	return len(s)
}
