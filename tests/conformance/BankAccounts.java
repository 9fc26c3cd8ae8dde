// A small banking simulation: class hierarchy, checked exceptions for business rules, long cents arithmetic.
import java.util.ArrayList;
import java.util.List;

public class BankAccounts {
    static class InsufficientFunds extends Exception {
        final long shortBy;
        InsufficientFunds(String acct, long shortBy) { super("insufficient funds in " + acct); this.shortBy = shortBy; }
    }
    static class FrozenAccount extends RuntimeException {
        FrozenAccount(String id) { super("account " + id + " is frozen"); }
    }
    static abstract class Account {
        final String id;
        protected long cents;
        boolean frozen;
        final List<String> history = new ArrayList<String>();
        Account(String id, long cents) { this.id = id; this.cents = cents; }
        abstract long overdraftLimit();
        void withdraw(long amount) throws InsufficientFunds {
            if (frozen) throw new FrozenAccount(id);
            if (cents - amount < -overdraftLimit()) throw new InsufficientFunds(id, amount - cents - overdraftLimit());
            cents -= amount;
            history.add("-" + amount);
        }
        void deposit(long amount) {
            if (frozen) throw new FrozenAccount(id);
            cents += amount;
            history.add("+" + amount);
        }
        String balance() {
            long abs = Math.abs(cents);
            String c = Long.toString(abs % 100);
            return (cents < 0 ? "-" : "") + abs / 100 + "." + (c.length() == 1 ? "0" + c : c);
        }
    }
    static class Checking extends Account {
        Checking(String id, long c) { super(id, c); }
        long overdraftLimit() { return 50000; }
    }
    static class Savings extends Account {
        Savings(String id, long c) { super(id, c); }
        long overdraftLimit() { return 0; }
        void addInterest(int basisPoints) { deposit(cents * basisPoints / 10000); }
    }
    static void transfer(Account from, Account to, long amount) throws InsufficientFunds {
        from.withdraw(amount);
        to.deposit(amount);
    }
    public static void main(String[] args) {
        Checking chk = new Checking("CHK-1", 10000);
        Savings sav = new Savings("SAV-1", 250000);
        long[] amounts = {5000, 20000, 40000, 100, 7, 99999};
        for (long a : amounts) {
            try {
                transfer(chk, sav, a);
                System.out.println("moved " + a + ": chk " + chk.balance() + " sav " + sav.balance());
            } catch (InsufficientFunds e) {
                System.out.println(e.getMessage() + " short by " + e.shortBy);
            }
        }
        for (int m = 0; m < 12; m++) sav.addInterest(42);
        System.out.println("after interest " + sav.balance() + " history " + sav.history.size());
        sav.frozen = true;
        try {
            transfer(chk, sav, 1);
        } catch (FrozenAccount e) {
            System.out.println(e.getMessage() + "; chk " + chk.balance());
        } catch (InsufficientFunds e) {
            System.out.println("unexpected");
        }
        System.out.println(chk.history);
    }
}
