/* java.util.concurrent.ConcurrentLinkedQueue for vifvm: a singly linked
 * FIFO, correct for one thread (a VM instance has one).  Iterators are
 * weakly consistent like the JDK's: they skip removed elements and never
 * throw ConcurrentModificationException. */
package java.util.concurrent;

import java.util.AbstractQueue;
import java.util.Collection;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Queue;

public class ConcurrentLinkedQueue<E> extends AbstractQueue<E> implements Queue<E>, java.io.Serializable {
    private static final long serialVersionUID = 196745693267521676L;

    private static final class Node<E> {
        E item;
        Node<E> next;

        Node(E item) {
            this.item = item;
        }
    }

    private Node<E> head, tail; // head/tail hold items; removed nodes are unlinked, item nulled
    private int size;

    public ConcurrentLinkedQueue() {}

    public ConcurrentLinkedQueue(Collection<? extends E> c) {
        for (E e : c) offer(e);
    }

    public boolean add(E e) {
        return offer(e);
    }

    public boolean offer(E e) {
        if (e == null) throw new NullPointerException();
        Node<E> n = new Node<E>(e);
        if (tail == null) head = tail = n;
        else {
            tail.next = n;
            tail = n;
        }
        size++;
        return true;
    }

    public E poll() {
        Node<E> h = head;
        if (h == null) return null;
        E item = h.item;
        unlink(null, h);
        return item;
    }

    public E peek() {
        return head == null ? null : head.item;
    }

    private void unlink(Node<E> prev, Node<E> n) {
        if (prev == null) head = n.next;
        else prev.next = n.next;
        if (tail == n) tail = prev;
        n.item = null; // iterators holding n see it was removed; keep n.next for them
        size--;
    }

    public boolean isEmpty() {
        return head == null;
    }

    public int size() {
        return size;
    }

    public boolean contains(Object o) {
        if (o == null) return false;
        for (Node<E> p = head; p != null; p = p.next)
            if (o.equals(p.item)) return true;
        return false;
    }

    public boolean remove(Object o) {
        if (o == null) return false;
        Node<E> prev = null;
        for (Node<E> p = head; p != null; prev = p, p = p.next) {
            if (o.equals(p.item)) {
                unlink(prev, p);
                return true;
            }
        }
        return false;
    }

    public boolean addAll(Collection<? extends E> c) {
        if (c == this) throw new IllegalArgumentException();
        boolean modified = false;
        for (E e : c) modified |= offer(e);
        return modified;
    }

    public Iterator<E> iterator() {
        return new Iterator<E>() {
            private Node<E> next = head;
            private E nextItem = next == null ? null : next.item;
            private E lastRet;

            private void skipRemoved() {
                while (next != null && next.item == null) next = next.next;
                nextItem = next == null ? null : next.item;
            }

            public boolean hasNext() {
                return next != null;
            }

            public E next() {
                if (next == null) throw new NoSuchElementException();
                E item = nextItem;
                lastRet = item;
                next = next.next;
                skipRemoved();
                return item;
            }

            public void remove() {
                if (lastRet == null) throw new IllegalStateException();
                Node<E> prev = null;
                for (Node<E> p = head; p != null; prev = p, p = p.next) {
                    if (p.item == lastRet) {
                        unlink(prev, p);
                        break;
                    }
                }
                lastRet = null;
            }
        };
    }
}
