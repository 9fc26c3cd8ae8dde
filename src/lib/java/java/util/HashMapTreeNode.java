/*
 * java.util.HashMapTreeNode for vifvm: the red-black tree bins of HashMap
 * (a bin of 8+ entries in a table of 64+ buckets), with the JDK's
 * algorithms - treeify, putTreeVal (a new node goes right after its tree
 * parent in the bin's list), removeTreeNode, split on resize, and moving
 * the root to the front of the bin - so that iteration order matches the
 * JDK's.  comparableClassFor approximates the JDK's generic-type check
 * (a class that directly implements Comparable); tieBreakOrder uses
 * identity hashes, as in the JDK (so that order is not reproducible there
 * either).
 */
package java.util;

final class HashMapTreeNode<K, V> extends LinkedHashMap.Entry<K, V> {
    HashMapTreeNode<K, V> parent;
    HashMapTreeNode<K, V> left;
    HashMapTreeNode<K, V> right;
    HashMapTreeNode<K, V> prev;
    boolean red;

    static final int UNTREEIFY_THRESHOLD = 6;

    HashMapTreeNode(int hash, K key, V val, HashMap.Node<K, V> next) {
        super(hash, key, val, next);
    }

    final HashMapTreeNode<K, V> root() {
        for (HashMapTreeNode<K, V> r = this, p;;) {
            if ((p = r.parent) == null) return r;
            r = p;
        }
    }

    static Class<?> comparableClassFor(Object x) {
        if (x instanceof Comparable) {
            Class<?> c = x.getClass();
            if (c == String.class) return c;
            Class<?>[] is = c.getInterfaces();
            for (int i = 0; i < is.length; i++)
                if (is[i] == Comparable.class) return c;
        }
        return null;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    static int compareComparables(Class<?> kc, Object k, Object x) {
        return (x == null || x.getClass() != kc ? 0 : ((Comparable) k).compareTo(x));
    }

    static <K, V> void moveRootToFront(HashMap.Node<K, V>[] tab, HashMapTreeNode<K, V> root) {
        int n;
        if (root != null && tab != null && (n = tab.length) > 0) {
            int index = (n - 1) & root.hash;
            HashMapTreeNode<K, V> first = (HashMapTreeNode<K, V>) tab[index];
            if (root != first) {
                HashMap.Node<K, V> rn;
                tab[index] = root;
                HashMapTreeNode<K, V> rp = root.prev;
                if ((rn = root.next) != null) ((HashMapTreeNode<K, V>) rn).prev = rp;
                if (rp != null) rp.next = rn;
                if (first != null) first.prev = root;
                root.next = first;
                root.prev = null;
            }
        }
    }

    final HashMapTreeNode<K, V> find(int h, Object k, Class<?> kc) {
        HashMapTreeNode<K, V> p = this;
        do {
            int ph, dir;
            K pk;
            HashMapTreeNode<K, V> pl = p.left, pr = p.right, q;
            if ((ph = p.hash) > h) p = pl;
            else if (ph < h) p = pr;
            else if ((pk = p.key) == k || (k != null && k.equals(pk))) return p;
            else if (pl == null) p = pr;
            else if (pr == null) p = pl;
            else if ((kc != null || (kc = comparableClassFor(k)) != null)
                     && (dir = compareComparables(kc, k, pk)) != 0) p = (dir < 0) ? pl : pr;
            else if ((q = pr.find(h, k, kc)) != null) return q;
            else p = pl;
        } while (p != null);
        return null;
    }

    final HashMapTreeNode<K, V> getTreeNode(int h, Object k) {
        return ((parent != null) ? root() : this).find(h, k, null);
    }

    static int tieBreakOrder(Object a, Object b) {
        int d;
        if (a == null || b == null || (d = a.getClass().getName().compareTo(b.getClass().getName())) == 0)
            d = (System.identityHashCode(a) <= System.identityHashCode(b) ? -1 : 1);
        return d;
    }

    @SuppressWarnings("unchecked")
    final void treeify(HashMap.Node<K, V>[] tab) {
        HashMapTreeNode<K, V> root = null;
        for (HashMapTreeNode<K, V> x = this, next; x != null; x = next) {
            next = (HashMapTreeNode<K, V>) x.next;
            x.left = x.right = null;
            if (root == null) {
                x.parent = null;
                x.red = false;
                root = x;
            } else {
                K k = x.key;
                int h = x.hash;
                Class<?> kc = null;
                for (HashMapTreeNode<K, V> p = root;;) {
                    int dir, ph;
                    K pk = p.key;
                    if ((ph = p.hash) > h) dir = -1;
                    else if (ph < h) dir = 1;
                    else if ((kc == null && (kc = comparableClassFor(k)) == null)
                             || (dir = compareComparables(kc, k, pk)) == 0) dir = tieBreakOrder(k, pk);
                    HashMapTreeNode<K, V> xp = p;
                    if ((p = (dir <= 0) ? p.left : p.right) == null) {
                        x.parent = xp;
                        if (dir <= 0) xp.left = x;
                        else xp.right = x;
                        root = balanceInsertion(root, x);
                        break;
                    }
                }
            }
        }
        moveRootToFront(tab, root);
    }

    final HashMap.Node<K, V> untreeify(HashMap<K, V> map) {
        HashMap.Node<K, V> hd = null, tl = null;
        for (HashMap.Node<K, V> q = this; q != null; q = q.next) {
            HashMap.Node<K, V> p = map.replacementNode(q, null);
            if (tl == null) hd = p;
            else tl.next = p;
            tl = p;
        }
        return hd;
    }

    final HashMapTreeNode<K, V> putTreeVal(HashMap<K, V> map, HashMap.Node<K, V>[] tab, int h, K k, V v) {
        Class<?> kc = null;
        boolean searched = false;
        HashMapTreeNode<K, V> root = (parent != null) ? root() : this;
        for (HashMapTreeNode<K, V> p = root;;) {
            int dir, ph;
            K pk;
            if ((ph = p.hash) > h) {
                dir = -1;
            } else if (ph < h) {
                dir = 1;
            } else if ((pk = p.key) == k || (k != null && k.equals(pk))) {
                return p;
            } else if ((kc == null && (kc = comparableClassFor(k)) == null)
                       || (dir = compareComparables(kc, k, pk)) == 0) {
                if (!searched) {
                    HashMapTreeNode<K, V> q, ch;
                    searched = true;
                    if (((ch = p.left) != null && (q = ch.find(h, k, kc)) != null)
                        || ((ch = p.right) != null && (q = ch.find(h, k, kc)) != null))
                        return q;
                }
                dir = tieBreakOrder(k, pk);
            }
            HashMapTreeNode<K, V> xp = p;
            if ((p = (dir <= 0) ? p.left : p.right) == null) {
                HashMap.Node<K, V> xpn = xp.next;
                HashMapTreeNode<K, V> x = map.newTreeNode(h, k, v, xpn);
                if (dir <= 0) xp.left = x;
                else xp.right = x;
                xp.next = x;
                x.parent = x.prev = xp;
                if (xpn != null) ((HashMapTreeNode<K, V>) xpn).prev = x;
                moveRootToFront(tab, balanceInsertion(root, x));
                return null;
            }
        }
    }

    @SuppressWarnings("unchecked")
    final void removeTreeNode(HashMap<K, V> map, HashMap.Node<K, V>[] tab, boolean movable) {
        int n;
        if (tab == null || (n = tab.length) == 0) return;
        int index = (n - 1) & hash;
        HashMapTreeNode<K, V> first = (HashMapTreeNode<K, V>) tab[index], root = first, rl;
        HashMapTreeNode<K, V> succ = (HashMapTreeNode<K, V>) next, pred = prev;
        if (pred == null) tab[index] = first = succ;
        else pred.next = succ;
        if (succ != null) succ.prev = pred;
        if (first == null) return;
        if (root.parent != null) root = root.root();
        if (root == null || (movable && (root.right == null || (rl = root.left) == null || rl.left == null))) {
            tab[index] = first.untreeify(map);
            return;
        }
        HashMapTreeNode<K, V> p = this, pl = left, pr = right, replacement;
        if (pl != null && pr != null) {
            HashMapTreeNode<K, V> s = pr, sl;
            while ((sl = s.left) != null) s = sl;
            boolean c = s.red;
            s.red = p.red;
            p.red = c;
            HashMapTreeNode<K, V> sr = s.right;
            HashMapTreeNode<K, V> pp = p.parent;
            if (s == pr) {
                p.parent = s;
                s.right = p;
            } else {
                HashMapTreeNode<K, V> sp = s.parent;
                if ((p.parent = sp) != null) {
                    if (s == sp.left) sp.left = p;
                    else sp.right = p;
                }
                if ((s.right = pr) != null) pr.parent = s;
            }
            p.left = null;
            if ((p.right = sr) != null) sr.parent = p;
            if ((s.left = pl) != null) pl.parent = s;
            if ((s.parent = pp) == null) root = s;
            else if (p == pp.left) pp.left = s;
            else pp.right = s;
            if (sr != null) replacement = sr;
            else replacement = p;
        } else if (pl != null) {
            replacement = pl;
        } else if (pr != null) {
            replacement = pr;
        } else {
            replacement = p;
        }
        if (replacement != p) {
            HashMapTreeNode<K, V> pp = replacement.parent = p.parent;
            if (pp == null) (root = replacement).red = false;
            else if (p == pp.left) pp.left = replacement;
            else pp.right = replacement;
            p.left = p.right = p.parent = null;
        }
        HashMapTreeNode<K, V> r = p.red ? root : balanceDeletion(root, replacement);
        if (replacement == p) {
            HashMapTreeNode<K, V> pp = p.parent;
            p.parent = null;
            if (pp != null) {
                if (p == pp.left) pp.left = null;
                else if (p == pp.right) pp.right = null;
            }
        }
        if (movable) moveRootToFront(tab, r);
    }

    @SuppressWarnings("unchecked")
    final void split(HashMap<K, V> map, HashMap.Node<K, V>[] tab, int index, int bit) {
        HashMapTreeNode<K, V> b = this;
        HashMapTreeNode<K, V> loHead = null, loTail = null;
        HashMapTreeNode<K, V> hiHead = null, hiTail = null;
        int lc = 0, hc = 0;
        for (HashMapTreeNode<K, V> e = b, next; e != null; e = next) {
            next = (HashMapTreeNode<K, V>) e.next;
            e.next = null;
            if ((e.hash & bit) == 0) {
                if ((e.prev = loTail) == null) loHead = e;
                else loTail.next = e;
                loTail = e;
                ++lc;
            } else {
                if ((e.prev = hiTail) == null) hiHead = e;
                else hiTail.next = e;
                hiTail = e;
                ++hc;
            }
        }
        if (loHead != null) {
            if (lc <= UNTREEIFY_THRESHOLD) {
                tab[index] = loHead.untreeify(map);
            } else {
                tab[index] = loHead;
                if (hiHead != null) loHead.treeify(tab);
            }
        }
        if (hiHead != null) {
            if (hc <= UNTREEIFY_THRESHOLD) {
                tab[index + bit] = hiHead.untreeify(map);
            } else {
                tab[index + bit] = hiHead;
                if (loHead != null) hiHead.treeify(tab);
            }
        }
    }

    // ---- red-black balancing (CLR), as in the JDK ----------------------------

    static <K, V> HashMapTreeNode<K, V> rotateLeft(HashMapTreeNode<K, V> root, HashMapTreeNode<K, V> p) {
        HashMapTreeNode<K, V> r, pp, rl;
        if (p != null && (r = p.right) != null) {
            if ((rl = p.right = r.left) != null) rl.parent = p;
            if ((pp = r.parent = p.parent) == null) (root = r).red = false;
            else if (pp.left == p) pp.left = r;
            else pp.right = r;
            r.left = p;
            p.parent = r;
        }
        return root;
    }

    static <K, V> HashMapTreeNode<K, V> rotateRight(HashMapTreeNode<K, V> root, HashMapTreeNode<K, V> p) {
        HashMapTreeNode<K, V> l, pp, lr;
        if (p != null && (l = p.left) != null) {
            if ((lr = p.left = l.right) != null) lr.parent = p;
            if ((pp = l.parent = p.parent) == null) (root = l).red = false;
            else if (pp.right == p) pp.right = l;
            else pp.left = l;
            l.right = p;
            p.parent = l;
        }
        return root;
    }

    static <K, V> HashMapTreeNode<K, V> balanceInsertion(HashMapTreeNode<K, V> root, HashMapTreeNode<K, V> x) {
        x.red = true;
        for (HashMapTreeNode<K, V> xp, xpp, xppl, xppr;;) {
            if ((xp = x.parent) == null) {
                x.red = false;
                return x;
            } else if (!xp.red || (xpp = xp.parent) == null) {
                return root;
            }
            if (xp == (xppl = xpp.left)) {
                if ((xppr = xpp.right) != null && xppr.red) {
                    xppr.red = false;
                    xp.red = false;
                    xpp.red = true;
                    x = xpp;
                } else {
                    if (x == xp.right) {
                        root = rotateLeft(root, x = xp);
                        xpp = (xp = x.parent) == null ? null : xp.parent;
                    }
                    if (xp != null) {
                        xp.red = false;
                        if (xpp != null) {
                            xpp.red = true;
                            root = rotateRight(root, xpp);
                        }
                    }
                }
            } else {
                if (xppl != null && xppl.red) {
                    xppl.red = false;
                    xp.red = false;
                    xpp.red = true;
                    x = xpp;
                } else {
                    if (x == xp.left) {
                        root = rotateRight(root, x = xp);
                        xpp = (xp = x.parent) == null ? null : xp.parent;
                    }
                    if (xp != null) {
                        xp.red = false;
                        if (xpp != null) {
                            xpp.red = true;
                            root = rotateLeft(root, xpp);
                        }
                    }
                }
            }
        }
    }

    static <K, V> HashMapTreeNode<K, V> balanceDeletion(HashMapTreeNode<K, V> root, HashMapTreeNode<K, V> x) {
        for (HashMapTreeNode<K, V> xp, xpl, xpr;;) {
            if (x == null || x == root) {
                return root;
            } else if ((xp = x.parent) == null) {
                x.red = false;
                return x;
            } else if (x.red) {
                x.red = false;
                return root;
            } else if ((xpl = xp.left) == x) {
                if ((xpr = xp.right) != null && xpr.red) {
                    xpr.red = false;
                    xp.red = true;
                    root = rotateLeft(root, xp);
                    xpr = (xp = x.parent) == null ? null : xp.right;
                }
                if (xpr == null) {
                    x = xp;
                } else {
                    HashMapTreeNode<K, V> sl = xpr.left, sr = xpr.right;
                    if ((sr == null || !sr.red) && (sl == null || !sl.red)) {
                        xpr.red = true;
                        x = xp;
                    } else {
                        if (sr == null || !sr.red) {
                            if (sl != null) sl.red = false;
                            xpr.red = true;
                            root = rotateRight(root, xpr);
                            xpr = (xp = x.parent) == null ? null : xp.right;
                        }
                        if (xpr != null) {
                            xpr.red = (xp == null) ? false : xp.red;
                            if ((sr = xpr.right) != null) sr.red = false;
                        }
                        if (xp != null) {
                            xp.red = false;
                            root = rotateLeft(root, xp);
                        }
                        x = root;
                    }
                }
            } else {
                if (xpl != null && xpl.red) {
                    xpl.red = false;
                    xp.red = true;
                    root = rotateRight(root, xp);
                    xpl = (xp = x.parent) == null ? null : xp.left;
                }
                if (xpl == null) {
                    x = xp;
                } else {
                    HashMapTreeNode<K, V> sl = xpl.left, sr = xpl.right;
                    if ((sl == null || !sl.red) && (sr == null || !sr.red)) {
                        xpl.red = true;
                        x = xp;
                    } else {
                        if (sl == null || !sl.red) {
                            if (sr != null) sr.red = false;
                            xpl.red = true;
                            root = rotateLeft(root, xpl);
                            xpl = (xp = x.parent) == null ? null : xp.left;
                        }
                        if (xpl != null) {
                            xpl.red = (xp == null) ? false : xp.red;
                            if ((sl = xpl.left) != null) sl.red = false;
                        }
                        if (xp != null) {
                            xp.red = false;
                            root = rotateRight(root, xp);
                        }
                        x = root;
                    }
                }
            }
        }
    }
}
